import { maxFileBytes, maxFilesPerBatch } from '@studio/shared/images';
import { versionFileTypes, type BatchUploadLink, type VersionFileType } from '@studio/shared/image-api';
import { mapLimit } from '@studio/shared/map-limit';
import { UserFacingError } from '../../../lib/api-error-text.ts';
import { imageTypeOfName } from '../../../lib/image-file-type.ts';
import { postToBucket } from '../../../lib/post-to-bucket.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/*
 * Finished files on their way to storage before they are delivered (#33): links from `POST
 * api/jobs/{id}/images/upload-links` (100 a call), then each file posted (or, past 100 MB, sent as
 * a multipart upload part by part and completed), three at a time. What the files become (one
 * image's version, or many matched by name) is the caller's next call.
 */

/** A finished file's type: its own, else the one its extension says (a PSD the browser does not know). */
export function finishedFileType(file: Pick<File, 'name' | 'type'>): VersionFileType | null {
  if (file.type in versionFileTypes) return file.type as VersionFileType;
  const named = imageTypeOfName(file.name);
  return named && named in versionFileTypes ? (named as VersionFileType) : null;
}

/** Why a finished file cannot be sent at all, or null. The server checks again. */
export function finishedFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!finishedFileType(file)) return `${file.name}: deliver JPEG, PNG, WebP, TIFF, HEIC or PSD files.`;
  if (file.size === 0) return `${file.name}: the file is empty.`;
  if (file.size > maxFileBytes) return `${file.name}: a file can be at most ${maxFileBytes / 1024 / 1024} MB.`;
  return null;
}

export interface SentFile {
  key: string;
  fileName: string;
}

async function sendMultipart(
  link: NonNullable<BatchUploadLink['multipart']>,
  key: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) {
  const parts: { partNumber: number; etag: string }[] = [];
  for (const part of link.parts) {
    const start = (part.partNumber - 1) * link.partBytes;
    const answer = await fetch(part.url, { method: 'PUT', body: file.slice(start, start + link.partBytes), signal });
    const etag = answer.headers.get('ETag');
    if (!answer.ok || !etag) throw new UserFacingError(`${file.name}: the upload failed. Please try again.`);
    parts.push({ partNumber: part.partNumber, etag });
    onProgress((Math.min(file.size, start + link.partBytes) / file.size) * 100);
  }
  await staffApiRequest('completeMultipartUpload', { body: { key, multipartUploadId: link.multipartUploadId, parts } });
}

/**
 * Sends `files` to the job's storage; answers each file's key and name, in the order given.
 * `onProgress(index, percent)` follows each file. Throws a UserFacingError naming a file that
 * failed (nothing is delivered then).
 */
export async function sendFinishedFiles(
  jobId: string,
  files: readonly File[],
  onProgress: (index: number, percent: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<SentFile[]> {
  const problem = files.map(finishedFileProblem).find((text) => text !== null);
  if (problem) throw new UserFacingError(problem);
  const sent: SentFile[] = [];
  for (let start = 0; start < files.length; start += maxFilesPerBatch) {
    const chunk = files.slice(start, start + maxFilesPerBatch);
    const { links } = await staffApiRequest('createVersionUploadLinks', {
      params: { id: jobId },
      body: {
        files: chunk.map((file) => ({
          fileName: file.name.slice(0, 255),
          contentType: finishedFileType(file)!,
          size: file.size,
        })),
      },
      signal,
    });
    await mapLimit(chunk, 3, async (file, index) => {
      const link = links[index]!;
      const progress = (percent: number) => onProgress(start + index, percent);
      try {
        if (link.post) await postToBucket(link.post, file, progress, signal);
        else if (link.multipart) await sendMultipart(link.multipart, link.key, file, progress, signal);
      } catch (error) {
        if (signal?.aborted || error instanceof UserFacingError) throw error;
        throw new UserFacingError(`${file.name}: the upload failed. Please try again.`);
      }
      progress(100);
    });
    sent.push(...chunk.map((file, index) => ({ key: links[index]!.key, fileName: file.name.slice(0, 255) })));
  }
  return sent;
}
