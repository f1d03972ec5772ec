import { ListObjectsCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { uploadLinkMinutes, type UploadImageType, type UploadLink } from '@studio/shared/upload';
import { config } from '../lib/config.ts';
import { s3Client } from '../lib/s3.ts';
import { clientUploadPrefix, extensionOf, presignFilePost } from './file-objects.ts';

/*
 * Client photo uploads in the uploads bucket, under `client-uploads/<userId>/<uploadId>/<ulid>.<ext>`.
 * The caller's id in the prefix makes a posted file the caller's; a photo joins an upload (and so
 * a job) only once confirmed (`POST api/uploads/{uploadId}/photos`, data/job-files.ts).
 */

/** A presigned POST for one photo; the server picks the key, never the browser's file name. */
export async function presignPhotoUpload(input: {
  userId: string;
  uploadId: string | undefined;
  contentType: UploadImageType;
  size: number;
}): Promise<UploadLink> {
  const uploadId = input.uploadId ?? ulid();
  const key = `${clientUploadPrefix(input.userId, uploadId)}${ulid()}.${extensionOf(input.contentType)}`;
  const { url, fields } = await presignFilePost(key, input.contentType, input.size);
  return { url, fields, key, uploadId };
}

/**
 * Files posted under an upload in the last `withinMinutes` that are not (yet) confirmed photos:
 * still being uploaded or checked. Older ones were abandoned (and expire); refused ones are gone.
 */
export async function photosStillUploading(
  clientId: string,
  uploadId: string,
  confirmedIds: ReadonlySet<string>,
  withinMinutes = uploadLinkMinutes,
  now = Date.now(),
): Promise<number> {
  let count = 0;
  // ListObjects (v1), paged by `Marker` (the last key of the page before): the same listing on
  // S3. Not V2: s3rver makes V2's continuation token with DES, which OpenSSL 3 (Node 18+) has only
  // in its legacy provider, so every V2 listing of over 1,000 objects failed locally and an upload
  // of over 500 photos (with their previews) could not become a job.
  let marker: string | undefined;
  for (;;) {
    const page = await s3Client.send(
      new ListObjectsCommand({
        Bucket: config().uploadsBucket,
        Prefix: clientUploadPrefix(clientId, uploadId),
        ...(marker ? { Marker: marker } : {}),
      }),
    );
    const objects = page.Contents ?? [];
    for (const object of objects) {
      const name = object.Key!.slice(object.Key!.lastIndexOf('/') + 1);
      if (name.endsWith('.thumb.webp') || confirmedIds.has(name.slice(0, 26))) continue;
      if (object.LastModified && now - object.LastModified.getTime() < withinMinutes * 60_000) count++;
    }
    if (!page.IsTruncated || objects.length === 0) break;
    marker = objects[objects.length - 1]!.Key;
  }
  return count;
}
