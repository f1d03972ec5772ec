import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  documentHeadBytes,
  documentHeadType,
  isWordArchive,
  zipCentralDirectory,
  zipEntryNames,
  zipTailBytes,
  type DocumentExtension,
} from '@studio/shared/document-signature';
import {
  applicationDocumentTypes,
  applicationDownloadSeconds,
  applicationUploadMinutes,
  maxApplicationFileBytes,
  type ApplicationUploadLink,
} from '@studio/shared/job-application';
import { bucketDefinitions } from '@studio/shared/platform';
import { ulid } from 'ulid';
import { config } from '../lib/config.ts';
import { s3Client } from '../lib/s3.ts';

/*
 * Applicants' documents in the private applications bucket (docs/decisions/job-applications.md, issue 6):
 *   uploads/<ulid>.<ext>                    posted by the browser; expire after a day unless used
 *   applications/<applicationId>/<kind>.<ext>  the checked copy an application refers to
 * The server picks every key; the applicant's file name is only kept as text.
 */

const { uploadPrefix, storedPrefix } = bucketDefinitions.applications;
const bucket = () => config().applicationsBucket;

/** A presigned POST for one document; S3 refuses a file larger than declared (10 MB at most). */
export async function presignApplicationUpload(input: {
  extension: DocumentExtension;
  size: number;
}): Promise<ApplicationUploadLink> {
  const key = `${uploadPrefix}${ulid()}.${input.extension}`;
  const contentType = applicationDocumentTypes[input.extension];
  const { url, fields } = await createPresignedPost(s3Client, {
    Bucket: bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, Math.min(input.size, maxApplicationFileBytes)],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: applicationUploadMinutes * 60,
  });
  return { url, fields, key };
}

export type UploadCheck =
  | { ok: true; extension: DocumentExtension; size: number }
  | { ok: false; reason: 'missing' | 'empty' | 'too-large' | 'not-a-document' };

const isNotFound = (error: unknown) => {
  const status = (error as S3ServiceException).$metadata?.httpStatusCode;
  const name = (error as Error).name;
  return status === 404 || name === 'NotFound' || name === 'NoSuchKey';
};

async function readRange(key: string, start: number, end: number): Promise<Uint8Array> {
  const object = await s3Client.send(
    new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=${start}-${end}` }),
  );
  return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
}

/** Whether a stored zip is a Word document: its central directory lists `word/` parts. */
async function isDocx(key: string, size: number): Promise<boolean> {
  const tailStart = Math.max(0, size - zipTailBytes);
  const tail = await readRange(key, tailStart, size - 1);
  const directory = zipCentralDirectory(tail);
  if (!directory || directory.size === 0 || directory.offset + directory.size > size) return false;
  // A directory of a megabyte lists thousands of parts; a Word file has a few dozen.
  if (directory.size > 1024 * 1024) return false;
  const inTail = directory.offset >= tailStart;
  const bytes = inTail
    ? tail.subarray(directory.offset - tailStart, directory.offset - tailStart + directory.size)
    : await readRange(key, directory.offset, directory.offset + directory.size - 1);
  return isWordArchive(zipEntryNames(bytes));
}

/**
 * Checks an uploaded document as stored, whatever the browser or the POST policy claimed: present,
 * 1..10485760 bytes (the local S3 emulator ignores POST policies), and really a PDF, a Word 97-2003
 * file (OLE2) or a DOCX (zip with `word/` parts), from its bytes. The extension returned is the
 * real type's, which may differ from the one the name suggested.
 */
export async function checkApplicationUpload(key: string): Promise<UploadCheck> {
  let size: number;
  try {
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    size = head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) return { ok: false, reason: 'missing' };
    throw error;
  }
  if (size === 0) return { ok: false, reason: 'empty' };
  if (size > maxApplicationFileBytes) return { ok: false, reason: 'too-large' };
  const kind = documentHeadType(await readRange(key, 0, Math.min(size, documentHeadBytes) - 1));
  if (kind === 'pdf') return { ok: true, extension: 'pdf', size };
  if (kind === 'ole2') return { ok: true, extension: 'doc', size };
  if (kind === 'zip' && (await isDocx(key, size))) return { ok: true, extension: 'docx', size };
  return { ok: false, reason: 'not-a-document' };
}

/** Where an application's checked copy of a document lives. */
export const storedDocumentKey = (
  applicationId: string,
  kind: 'resume' | 'coverletter',
  extension: DocumentExtension,
) => `${storedPrefix}${applicationId}/${kind}.${extension}`;

/** Copies a checked upload to the application's own key, typed by what its bytes are. */
export async function copyToApplication(uploadKey: string, storedKey: string, extension: DocumentExtension) {
  await s3Client.send(
    new CopyObjectCommand({
      Bucket: bucket(),
      Key: storedKey,
      CopySource: `${bucket()}/${uploadKey}`,
      ContentType: applicationDocumentTypes[extension],
      MetadataDirective: 'REPLACE',
    }),
  );
}

/** Deletes objects of the applications bucket; failures are left to the lifecycle rule (uploads) or logged. */
export async function deleteApplicationObjects(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await s3Client.send(
    new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
}

/** A short-lived link that downloads a stored document under `fileName`. */
export async function presignDocumentDownload(
  key: string,
  fileName: string,
  extension: DocumentExtension,
): Promise<{ url: string; expiresAt: string }> {
  const url = await getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: applicationDocumentTypes[extension],
    }),
    { expiresIn: applicationDownloadSeconds },
  );
  return { url, expiresAt: new Date(Date.now() + applicationDownloadSeconds * 1000).toISOString() };
}
