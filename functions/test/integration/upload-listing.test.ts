/**
 * Making a job lists what is still being posted under its upload (data/uploads.ts), page by page.
 * An upload of 5,000 photos holds 10,000 objects with their previews: the listing must page
 * through them on the local S3 too (s3rver could not make ListObjectsV2's continuation token on
 * Node 20, so a listing past 1,000 objects failed and such an upload could not become a job).
 */
import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inject, it, expect } from 'vitest';
import { localCredentials, localNames, localRegion } from '../../../scripts/local/provision.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
process.env.S3_FORCE_PATH_STYLE = 'true';
const { photosStillUploading } = await import('../../src/data/uploads.ts');
const { clientUploadPrefix } = await import('../../src/data/file-objects.ts');

const s3 = new S3Client({
  endpoint: inject('s3Endpoint'),
  region: localRegion,
  credentials: localCredentials,
  forcePathStyle: true,
});

it('counts the files still being posted under an upload of over 1,000 objects, previews and confirmed photos aside', async () => {
  const clientId = `listing-${randomBytes(4).toString('hex')}`;
  const uploadId = randomBytes(13).toString('hex').toUpperCase().slice(0, 26);
  const prefix = clientUploadPrefix(clientId, uploadId);
  const ids = Array.from({ length: 700 }, (_, i) => `${String(i).padStart(26, '0')}`);
  const keys = ids.flatMap((id) => [`${prefix}${id}.jpg`, `${prefix}${id}.thumb.webp`]);
  for (let i = 0; i < keys.length; i += 50) {
    await Promise.all(
      keys
        .slice(i, i + 50)
        .map((key) => s3.send(new PutObjectCommand({ Bucket: localNames.uploadsBucket, Key: key, Body: 'x' }))),
    );
  }
  // 1,400 objects: 700 photos, 300 of them confirmed, each with its preview.
  const confirmed = new Set(ids.slice(0, 300));
  expect(await photosStillUploading(clientId, uploadId, confirmed)).toBe(400);
}, 120_000);
