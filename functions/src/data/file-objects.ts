import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileLinkSeconds } from '@studio/shared/job-files';
import { detectImageType } from '@studio/shared/image-signature';
import { maxFileBytes, multipartLinkMinutes, multipartPartBytes } from '@studio/shared/images';
import type { VersionFileType } from '@studio/shared/image-api';
import { bucketDefinitions } from '@studio/shared/platform';
import { maxUploadBytes, uploadImageTypes, uploadLinkMinutes, type UploadImageType } from '@studio/shared/upload';
import { config } from '../lib/config.ts';
import { s3Client } from '../lib/s3.ts';
import { forgetMultipartUpload, multipartUploadKeyOf, recordMultipartUpload } from './multipart.ts';

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
/** The screen-sized variant beside a file (#34): at most 2048 px, for the compare viewer. */
export const screenKeyOf = (key: string) => `${key.slice(0, key.lastIndexOf('.'))}.screen.webp`;

/**
 * A presigned POST for one file under a key the server chose: S3 refuses a file larger than
 * declared (never more than the per-file limit), another type, or a POST without the open tag.
 */
export async function presignFilePost(key: string, contentType: string, size: number) {
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

export type FileCheck<T extends string = UploadImageType> =
  | { ok: true; size: number; contentType: T; head: Uint8Array }
  | { ok: false; reason: 'missing' | 'empty' | 'too-large' | 'not-an-image'; size: number };

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
}

/**
 * Checks a posted file as stored, whatever the browser or the policy claimed (the local S3
 * emulator ignores POST policies): present, 1 byte to the limit (500 MB since #33: larger files
 * come as multipart uploads), and an image of an accepted type by its first bytes. The type
 * answered is the real one, which may differ from the declared.
 */
export async function checkPostedFile(key: string): Promise<FileCheck> {
  return checkStoredFile(key, detectImageType);
}

/** As {@link checkPostedFile}, for a finished file: a photo type or a layered PSD (an extra file). */
export async function checkFinishedFile(key: string): Promise<FileCheck<VersionFileType>> {
  return checkStoredFile(key, detectVersionType);
}

/** A finished file's real type: a photo's, or Photoshop's (`8BPS`). */
export function detectVersionType(head: Uint8Array): VersionFileType | null {
  const photo = detectImageType(head);
  if (photo) return photo;
  return head[0] === 0x38 && head[1] === 0x42 && head[2] === 0x50 && head[3] === 0x53
    ? 'image/vnd.adobe.photoshop'
    : null;
}

async function checkStoredFile<T extends string>(
  key: string,
  detect: (head: Uint8Array) => T | null,
): Promise<FileCheck<T>> {
  let size: number;
  try {
    size = (await s3Client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return { ok: false, reason: 'missing', size: 0 };
    throw error;
  }
  if (size === 0) return { ok: false, reason: 'empty', size };
  if (size > maxFileBytes) return { ok: false, reason: 'too-large', size };
  const object = await s3Client.send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: 'bytes=0-31' }));
  const head = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  const contentType = detect(head);
  if (!contentType) return { ok: false, reason: 'not-an-image', size };
  return { ok: true, size, contentType, head };
}

/**
 * A multipart upload of one large file under a key the server chose (#33: past 100 MB): S3's
 * upload id and a presigned PUT for each part, valid `multipartLinkMinutes`. The object is tagged
 * `upload=open` when it is assembled, like a posted one; the bucket aborts uploads never completed.
 */
export async function createMultipartLink(key: string, contentType: string, size: number) {
  const created = await s3Client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, ContentType: contentType, Tagging: openTagQuery }),
  );
  const multipartUploadId = created.UploadId!;
  await recordMultipartUpload(multipartUploadId, key);
  const count = Math.ceil(size / multipartPartBytes);
  const expiresIn = multipartLinkMinutes * 60;
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      partNumber: index + 1,
      url: await getSignedUrl(
        s3Client,
        new UploadPartCommand({ Bucket: bucket(), Key: key, UploadId: multipartUploadId, PartNumber: index + 1 }),
        { expiresIn },
      ),
    })),
  );
  return {
    multipartUploadId,
    partBytes: multipartPartBytes,
    parts,
    expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
  };
}

export type CompleteResult = { ok: true; size: number } | { ok: false; reason: string };

const noSuchUpload = 'there is no such multipart upload for this key (never started, or aborted).';

/** Assembles a multipart upload from its parts; S3's refusal (an unknown upload, a wrong part) in words. */
export async function completeMultipart(
  key: string,
  multipartUploadId: string,
  parts: readonly { partNumber: number; etag: string }[],
): Promise<CompleteResult> {
  const startedFor = await multipartUploadKeyOf(multipartUploadId);
  if (startedFor === null) {
    // Completed before (a repeated call): the file is there, and the answer is the same.
    try {
      const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
      return { ok: true, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return { ok: false, reason: noSuchUpload };
      throw error;
    }
  }
  if (startedFor !== key) return { ok: false, reason: noSuchUpload };
  try {
    await s3Client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket(),
        Key: key,
        UploadId: multipartUploadId,
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
      }),
    );
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
    if (status >= 400 && status < 500) {
      return {
        ok: false,
        reason:
          name === 'NoSuchUpload'
            ? noSuchUpload
            : `the parts could not be assembled (${name || status}): send every part's number and ETag as S3 answered them.`,
      };
    }
    throw error;
  }
  await forgetMultipartUpload(multipartUploadId);
  const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
  return { ok: true, size: head.ContentLength ?? 0 };
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
