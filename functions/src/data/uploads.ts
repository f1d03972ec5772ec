import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import {
  maxUploadBytes,
  uploadImageTypes,
  uploadLinkMinutes,
  type UploadImageType,
  type UploadLink,
} from '@studio/shared/upload';
import { ulid } from 'ulid';
import { config } from '../lib/config.ts';
import { s3Client } from '../lib/s3.ts';

/*
 * Client photo uploads in the uploads bucket, under `client-uploads/<userId>/<uploadId>/<ulid>.<ext>`.
 * The caller's id in the prefix is what makes an upload the caller's: nothing else records it,
 * and a job can only reference an upload found under its own client's prefix.
 */

const uploadPrefix = (userId: string, uploadId: string) => `client-uploads/${userId}/${uploadId}/`;

/** A presigned POST for one photo; the server picks the key, never the browser's file name. */
export async function presignPhotoUpload(input: {
  userId: string;
  uploadId: string | undefined;
  contentType: UploadImageType;
  size: number;
}): Promise<UploadLink> {
  const uploadId = input.uploadId ?? ulid();
  const key = `${uploadPrefix(input.userId, uploadId)}${ulid()}.${uploadImageTypes[input.contentType]}`;
  const { url, fields } = await createPresignedPost(s3Client, {
    Bucket: config().uploadsBucket,
    Key: key,
    Conditions: [
      // S3 refuses a file larger than declared (and never more than the per-photo limit).
      ['content-length-range', 1, Math.min(input.size, maxUploadBytes)],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: uploadLinkMinutes * 60,
  });
  return { url, fields, key, uploadId };
}

/**
 * Photos present under one of the user's uploads, with their sizes (at most the first 1000:
 * enough to tell an empty or foreign upload from a real one).
 */
export async function listUploadedPhotos(userId: string, uploadId: string): Promise<{ key: string; size: number }[]> {
  const page = await s3Client.send(
    new ListObjectsV2Command({ Bucket: config().uploadsBucket, Prefix: uploadPrefix(userId, uploadId), MaxKeys: 1000 }),
  );
  return (page.Contents ?? []).map((object) => ({ key: object.Key!, size: object.Size ?? 0 }));
}

/** The first bytes of a stored photo, enough to recognise its format. */
export async function readPhotoHead(key: string): Promise<Uint8Array> {
  const object = await s3Client.send(
    new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, Range: 'bytes=0-15' }),
  );
  return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
}
