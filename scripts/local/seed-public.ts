/**
 * Demo content of the public site beyond the catalogue: service gallery ("carousel") images,
 * before/after gallery items and job openings. Written through the handlers' own data-access
 * functions; images are uploaded in parallel, with their variants, and rows written in transactions
 * so a fresh test stack stays quick to start.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { mapLimit } from '@studio/shared/map-limit';
import { localNames, s3Client } from './provision.ts';
import { seedCarouselCounts, seedGalleryItems, seedJobOpenings } from './seed-data.ts';
import { putVariants } from './seed-variants.ts';
import { galleryPhoto, inParallel, openingPhoto, portfolioPair, type ServiceLine } from './seed-images.ts';

export interface SeededService {
  id: string;
  name: string;
  line: ServiceLine;
}

/** Uploads JPEGs with a bounded number in flight (the emulator is one process on a small machine). */
async function putAll(client: S3Client, files: { key: string; body: Buffer }[], concurrency = 32) {
  await mapLimit(files, concurrency, (file) =>
    client.send(
      new PutObjectCommand({
        Bucket: localNames.mediaBucket,
        Key: file.key,
        Body: file.body,
        ContentType: 'image/jpeg',
        CacheControl: 'public, max-age=86400',
      }),
    ),
  );
}

export async function seedPublicContent(
  s3Endpoint: string,
  services: SeededService[],
  { variants = true, now = new Date() }: { variants?: boolean; now?: Date } = {},
) {
  // Imported here, after the stack has set the handler environment these modules read.
  const { appendCarouselImages } = await import('../../functions/src/data/carousel.ts');
  const { appendGalleryItems } = await import('../../functions/src/data/gallery.ts');
  const { createJobOpenings } = await import('../../functions/src/data/job-openings.ts');

  // The images are rendered (or read from the cache) first, a few at a time, then stored together.
  const renders: (() => Promise<void>)[] = [];
  const files: { key: string; body: Buffer }[] = [];
  const carousel = services.map((service, serviceIndex) => {
    const count = seedCarouselCounts[serviceIndex] ?? 6;
    const images = Array.from({ length: count }, (_, index) => {
      const id = ulid();
      const key = `media/carousel/${service.id}/${id}.jpg`;
      renders.push(async () => void files.push({ key, body: await galleryPhoto(service.line, index) }));
      return { id, imageKey: key, imageName: `${service.name} ${index + 1}` };
    });
    return { serviceId: service.id, images };
  });
  const gallery = services.map((service) => ({
    serviceId: service.id,
    items: seedGalleryItems.map((seed, index) => {
      const id = ulid();
      const base = `media/gallery/${id}`;
      renders.push(async () => {
        const pair = await portfolioPair(service.line, index);
        files.push({ key: `${base}/before.jpg`, body: pair.before }, { key: `${base}/after.jpg`, body: pair.after });
      });
      return {
        id,
        title: `${service.name}: ${seed.title}`,
        description: seed.description,
        beforeImageKey: `${base}/before.jpg`,
        afterImageKey: `${base}/after.jpg`,
      };
    }),
  }));
  const openings = seedJobOpenings.map((seed, index) => {
    const id = ulid();
    const imageKey = index === 0 ? `media/openings/${id}.jpg` : undefined;
    if (imageKey) renders.push(async () => void files.push({ key: imageKey, body: await openingPhoto() }));
    return {
      id,
      title: seed.title,
      description: seed.description,
      isActive: seed.isActive,
      postedAt: new Date(now.getTime() - seed.daysAgo * 86_400_000).toISOString(),
      ...(imageKey ? { imageKey } : {}),
    };
  });

  await inParallel(renders);
  const client = s3Client(s3Endpoint);
  await Promise.all([
    putAll(client, files),
    // Their AVIF and WebP variants too, as the API writes them for every catalogue image: the site
    // shows the gallery, portfolio and openings from them (web/src/components/responsive-image.tsx).
    variants
      ? inParallel(files.map((file) => () => putVariants(client, localNames.mediaBucket, file.key, file.body)))
      : undefined,
    ...carousel.map((c) => appendCarouselImages(c.serviceId, c.images)),
    ...gallery.map((g) => appendGalleryItems(g.serviceId, g.items)),
    createJobOpenings(openings),
  ]);
}
