import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileLinkSeconds } from '@studio/shared/job-files';
import { detectImageType } from '@studio/shared/image-signature';
import { bucketDefinitions } from '@studio/shared/platform';
import { maxUploadBytes, uploadImageTypes, uploadLinkMinutes, type UploadImageType } from '@studio/shared/upload';
import { config } from '../lib/config.ts';
import { s3Client } from '../lib/s3.ts';

/*
 * The objects of a job's files in the uploads bucket (docs/decisions/job-files.md, "Job files"):
 *   client-uploads/<clientId>/<uploadId>/<photoId>.<ext>        a client's photo, as posted
 *   client-uploads/<clientId>/<uploadId>/<photoId>.thumb.webp   its preview, made on confirmation
 *   deliverables/<jobId>/<id>.<ext>                             a finished file the studio posted
 *   archives/<jobId>/<set>-<buildId>.zip                        "Download all", built by the worker
 * Every POST carries the tag upload=open; the lifecycle rules expire objects still so tagged after
 * a week, and a file that belongs to a job is re-tagged upload=job. Keys are the server's; names
 * as uploaded are only kept in the table.
 */

const uploads = bucketDefinitions.uploads;
const bucket = () => config().uploadsBucket;

/** The `tagging` form field of a POST and the `Tagging` of a put: `upload=open`. */
const openTagXml = `<Tagging><TagSet><Tag><Key>${uploads.fileTagKey}</Key><Value>${uploads.openTag}</Value></Tag></TagSet></Tagging>`;
export const openTagQuery = `${uploads.fileTagKey}=${uploads.openTag}`;

export const clientUploadPrefix = (clientId: string, uploadId: string) =>
  `${uploads.clientUploadPrefix}${clientId}/${uploadId}/`;
export const deliverablePrefix = (jobId: string) => `${uploads.deliverablePrefix}${jobId}/`;
export const thumbnailKeyOf = (key: string) => `${key.slice(0, key.lastIndexOf('.'))}.thumb.webp`;

/**
 * A presigned POST for one file under a key the server chose: S3 refuses a file larger than
 * declared (never more than the per-file limit), another type, or a POST without the open tag.
 */
export async function presignFilePost(key: string, contentType: UploadImageType, size: number) {
  const { url, fields } = await createPresignedPost(s3Client, {
    Bucket: bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, Math.min(size, maxUploadBytes)],
      ['eq', '$Content-Type', contentType],
      ['eq', '$tagging', openTagXml],
    ],
    Fields: { 'Content-Type': contentType, tagging: openTagXml },
    Expires: uploadLinkMinutes * 60,
  });
  return { url, fields, key };
}

/** The extension a stored file of this type gets. */
export const extensionOf = (type: UploadImageType) => uploadImageTypes[type];

export type FileCheck =
  | { ok: true; size: number; contentType: UploadImageType; head: Uint8Array }
  | { ok: false; reason: 'missing' | 'empty' | 'too-large' | 'not-an-image'; size: number };

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
}

/**
 * Checks a posted file as stored, whatever the browser or the policy claimed (the local S3
 * emulator ignores POST policies): present, 1 byte to the limit, and an image of an accepted type
 * by its first bytes. The type answered is the real one, which may differ from the declared.
 */
export async function checkPostedFile(key: string): Promise<FileCheck> {
  let size: number;
  try {
    size = (await s3Client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return { ok: false, reason: 'missing', size: 0 };
    throw error;
  }
  if (size === 0) return { ok: false, reason: 'empty', size };
  if (size > maxUploadBytes) return { ok: false, reason: 'too-large', size };
  const object = await s3Client.send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: 'bytes=0-31' }));
  const head = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  const contentType = detectImageType(head);
  if (!contentType) return { ok: false, reason: 'not-an-image', size };
  return { ok: true, size, contentType, head };
}

/** The whole stored file (a photo is at most 100 MB), for decoding. */
export async function readFile(key: string): Promise<Uint8Array> {
  const object = await s3Client.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
}

/** Stores a preview next to its file, tagged like it (so it expires or is kept with it). */
export async function putThumbnail(key: string, body: Uint8Array): Promise<void> {
  await s3Client.send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: 'image/webp',
      Tagging: openTagQuery,
    }),
  );
}

export async function deleteObjects(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await s3Client.send(
    new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
}

/** Re-tags a file as part of a job, so the lifecycle rule for abandoned uploads never expires it. */
export async function tagKept(key: string): Promise<void> {
  try {
    await s3Client.send(
      new PutObjectTaggingCommand({
        Bucket: bucket(),
        Key: key,
        Tagging: { TagSet: [{ Key: uploads.fileTagKey, Value: uploads.keptTag }] },
      }),
    );
  } catch (error) {
    // A preview that was never made has nothing to keep.
    if (!isMissing(error)) throw error;
  }
}

/**
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266): the name as uploaded for every
 * browser, with an ASCII fallback for old ones. Quotes, backslashes and controls never reach it.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A short-lived link that downloads a stored file under the name it was uploaded with. */
export function presignDownload(key: string, fileName: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: contentType,
    }),
    { expiresIn: fileLinkSeconds },
  );
}

/** A short-lived link to show a preview inline. */
export function presignView(key: string): Promise<string> {
  return getSignedUrl(s3Client, new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: fileLinkSeconds });
}

export const linksExpireAt = (now = Date.now()) => new Date(now + fileLinkSeconds * 1000).toISOString();
