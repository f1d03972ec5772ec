import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import {
  catalogImageTypes,
  maxCatalogImageBytes,
  type CatalogImage,
  type CatalogImageType,
  type ImageUploadLink,
} from '@studio/shared/catalog-admin';
import { matchesImageType } from '@studio/shared/image-signature';
import { ulid } from 'ulid';
import { config } from '../lib/config.ts';
import { BadRequestError } from '../lib/errors.ts';
import { renderImageVariants, storeImageVariants } from '../lib/image-variants.ts';
import { s3Client } from '../lib/s3.ts';
import { recordCatalogImage } from './catalog-images.ts';

/*
 * Catalogue images uploaded by staff. The browser posts the file to the uploads bucket under
 * `pending/<ulid>.<ext>` (a presigned POST whose policy fixes the key, type and size; pending
 * objects expire after two days). `POST api/images` then checks the object (size from HeadObject,
 * type from its first bytes), copies it to the public media bucket as `media/images/<ulid>.<ext>`
 * with its responsive variants, records it in the table (catalog-images.ts), and removes the
 * pending object. Catalogue writes name images by that public path only, and check its record first.
 */

const uploadLinkMinutes = 15;
const pendingKey = (id: string, ext: string) => `pending/${id}.${ext}`;
const mediaKeyOfPending = (key: string) => `media/images/${key.slice('pending/'.length)}`;

function typeOfKey(key: string): CatalogImageType | null {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const entry = Object.entries(catalogImageTypes).find(([, e]) => e === ext);
  return entry ? (entry[0] as CatalogImageType) : null;
}

/** A presigned POST for one catalogue image; the key is the server's, never the file name. */
export async function presignCatalogImageUpload(contentType: CatalogImageType, size: number): Promise<ImageUploadLink> {
  const key = pendingKey(ulid(), catalogImageTypes[contentType]);
  const { url, fields } = await createPresignedPost(s3Client, {
    Bucket: config().uploadsBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, Math.min(size, maxCatalogImageBytes)],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: uploadLinkMinutes * 60,
  });
  return { url, fields, key };
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
}

const refuse = (message: string) => new BadRequestError('The image cannot be used.', [{ path: 'body.key', message }]);

/**
 * Checks a pending upload and publishes it as a catalogue image. Refuses (400, nothing published)
 * an object that is missing, empty, too large, or whose first bytes are not of its declared type.
 */
export async function confirmCatalogImage(key: string): Promise<CatalogImage> {
  const type = typeOfKey(key);
  if (!type) throw refuse('must be a key answered by the upload link');
  const bucket = config().uploadsBucket;
  let size: number;
  try {
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    size = head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) throw refuse('no file was uploaded with this key (or it was confirmed already)');
    throw error;
  }
  if (size < 1) throw refuse('the file is empty');
  if (size > maxCatalogImageBytes) throw refuse(`an image can be at most ${maxCatalogImageBytes / 1024 / 1024} MB`);
  const object = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const body = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  if (body.length !== size) throw refuse('the file changed while it was checked; upload it again');
  if (!matchesImageType(body.subarray(0, 16), type)) {
    throw refuse(`the file is not a ${type.replace('image/', '').toUpperCase()} image`);
  }
  const mediaBucket = config().mediaBucket;
  const mediaKey = mediaKeyOfPending(key);
  // Decoded from the bytes just checked, before anything is written: a file that starts like an
  // image but does not decode is refused and leaves nothing behind.
  let rendered: Awaited<ReturnType<typeof renderImageVariants>>;
  try {
    rendered = await renderImageVariants(body, mediaKey);
  } catch {
    throw refuse('the file is damaged and cannot be read as an image');
  }
  await s3Client.send(
    new PutObjectCommand({
      Bucket: mediaBucket,
      Key: mediaKey,
      Body: body,
      ContentType: type,
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  const { width, height } = await storeImageVariants(s3Client, mediaBucket, rendered);
  const image = { url: `/${mediaKey}`, width, height };
  await recordCatalogImage({ ...image, contentType: type, size });
  await s3Client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  return image;
}
