import { ulid } from 'ulid';
import type { UploadImageType, UploadLink } from '@studio/shared/upload';
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
