/**
 * Responsive AVIF/WebP variants of the seeded demo images, made at seed time with the same code
 * the API uses for uploaded catalogue images (functions/src/lib/image-variants.ts), so the site
 * can serve every slider and service image in a modern format. Encoding is the slow part of a
 * seed, so the files are cached on disk by a hash of the image (`.local/cache/image-variants`):
 * the next seed (a test run, `npm run reset`) reuses them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  renderImageVariants,
  variantFormats,
  variantKey,
  variantWidths,
} from '../../functions/src/lib/image-variants.ts';

const cacheDir = path.resolve(import.meta.dirname, '..', '..', '.local', 'cache', 'image-variants');
const contentTypes = { avif: 'image/avif', webp: 'image/webp' } as const;

async function cachedVariants(
  image: Buffer,
): Promise<{ nominalWidth: number; format: 'avif' | 'webp'; body: Buffer }[]> {
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 32);
  const dir = path.join(cacheDir, hash);
  const names = variantWidths.flatMap((w) => variantFormats.map((f) => ({ nominalWidth: w, format: f })));
  try {
    return await Promise.all(
      names.map(async (name) => ({
        ...name,
        body: await readFile(path.join(dir, `${name.nominalWidth}.${name.format}`)),
      })),
    );
  } catch {
    // Not cached yet (or partly): render them all.
  }
  const { files } = await renderImageVariants(image, 'image.jpg');
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    // Written under a temporary name and renamed, so a parallel seed never reads half a file.
    const target = path.join(dir, `${file.nominalWidth}.${file.format}`);
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, file.body);
    await rename(temporary, target);
  }
  return files.map((file) => ({ nominalWidth: file.nominalWidth, format: file.format, body: file.body }));
}

/** Stores the variants of the image stored at `key` next to it. */
export async function putVariants(s3: S3Client, bucket: string, key: string, image: Buffer): Promise<void> {
  const variants = await cachedVariants(image);
  await Promise.all(
    variants.map((variant) =>
      s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: variantKey(key, variant.nominalWidth, variant.format),
          Body: variant.body,
          ContentType: contentTypes[variant.format],
          CacheControl: 'public, max-age=86400',
        }),
      ),
    ),
  );
}
