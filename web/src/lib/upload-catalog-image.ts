import { catalogImageTypes, maxCatalogImageBytes, type CatalogImageType } from '@studio/shared/catalog-admin';
import { UserFacingError } from './api-error-text.ts';
import { staffApiRequest } from './staff-api.ts';

// Catalogue images are uploaded by three staff features (catalogue, showcase, home content): the
// upload is here, where each of them may import it.

/** Whether a picked file can be uploaded as a catalogue image; the message says why not. */
export function catalogImageProblem(file: File): string | null {
  if (!(file.type in catalogImageTypes)) return `${file.name}: upload JPEG, PNG or WebP images.`;
  if (file.size > maxCatalogImageBytes) return `${file.name}: an image can be at most 20 MB.`;
  if (file.size === 0) return `${file.name}: the file is empty.`;
  return null;
}

function postFile(
  upload: { url: string; fields: Record<string, string> },
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  // XMLHttpRequest, not fetch: only it reports upload progress. Signed fields first, the file last.
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new UserFacingError(`Could not upload ${file.name} (${xhr.status}).`)),
    );
    xhr.addEventListener('error', () =>
      reject(new UserFacingError(`Could not upload ${file.name}. Check your connection and try again.`)),
    );
    xhr.send(form);
  });
}

/**
 * Uploads one image straight to storage (presigned POST), then has the server check and publish
 * it. Resolves with the public path to use in catalogue writes.
 */
export async function uploadCatalogImage(
  file: File,
  onProgress: (percent: number) => void = () => {},
): Promise<string> {
  const problem = catalogImageProblem(file);
  if (problem) throw new UserFacingError(problem);
  const { upload } = await staffApiRequest('createImageUploadLink', {
    body: { fileName: file.name.slice(0, 255) || 'image', contentType: file.type as CatalogImageType, size: file.size },
  });
  await postFile(upload, file, onProgress);
  onProgress(100);
  const { image } = await staffApiRequest('confirmImage', { body: { key: upload.key } });
  return image.url;
}
