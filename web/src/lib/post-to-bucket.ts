/**
 * Sends one file to the uploads bucket with the presigned POST: every signed field first, the file
 * last (S3 ignores fields after the file). XMLHttpRequest rather than fetch, because only it
 * reports upload progress.
 */
export function postToBucket(
  link: { url: string; fields: Record<string, string> },
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(link.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', link.url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(`upload answered ${xhr.status}`));
    });
    xhr.addEventListener('error', () => reject(new Error('upload failed')));
    xhr.addEventListener('abort', () => reject(new DOMException('upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
