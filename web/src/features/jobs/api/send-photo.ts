import type { BatchUploadLink } from '@studio/shared/image-api';
import { postToBucket } from '../../../lib/post-to-bucket.ts';
import { completeMultipartUpload } from './complete-multipart-upload.ts';

/** A PUT of one part of a multipart upload: answers the part's ETag, which S3 needs to assemble the file. */
function putPart(url: string, body: Blob, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    xhr.addEventListener('load', () => {
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new Error(`part upload answered ${xhr.status}${etag ? '' : ' without an ETag'}`));
    });
    xhr.addEventListener('error', () => reject(new Error('part upload failed')));
    xhr.addEventListener('abort', () => reject(new DOMException('upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Sends one photo to storage with the link the server answered: the presigned POST, or each part
 * of a multipart upload in turn (then `complete`). `onProgress` gets the bytes sent so far.
 */
export async function sendPhoto(
  link: BatchUploadLink,
  file: Blob,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (link.post) {
    await postToBucket(link.post, file as File, (percent) => onProgress((percent / 100) * file.size), signal);
    return;
  }
  if (!link.multipart) throw new Error('the link has neither a POST nor a multipart upload');
  const { multipartUploadId, partBytes, parts } = link.multipart;
  const done: { partNumber: number; etag: string }[] = [];
  for (const part of parts) {
    const start = (part.partNumber - 1) * partBytes;
    const slice = file.slice(start, Math.min(file.size, start + partBytes));
    const etag = await putPart(part.url, slice, (bytes) => onProgress(start + bytes), signal);
    done.push({ partNumber: part.partNumber, etag });
  }
  await completeMultipartUpload({ key: link.key, multipartUploadId, parts: done }, signal);
}
