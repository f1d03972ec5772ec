import { useMutation } from '@tanstack/react-query';
import { uploadCatalogImage } from '../../../lib/upload-catalog-image.ts';

/**
 * The Upload Image page's upload (`POST /api/images/upload-link`, the file straight to storage,
 * then `POST /api/images`): resolves with the image's public path. It changes no list.
 */
export function useUploadImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadCatalogImage(file, onProgress),
  });
}
