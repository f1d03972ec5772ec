import { adminTextLimits } from '@studio/shared/catalog-admin';
import { serviceImagesOfKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { uploadCatalogImage } from '../../../lib/upload-catalog-image.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { showcaseKeys } from './query-keys.ts';

export interface NewServiceImages {
  serviceId: string;
  files: readonly File[];
  /** Each file's upload progress, by its index in `files`. */
  onProgress: (index: number, percent: number) => void;
}

/**
 * Uploads the files one after the other (each straight to storage, then checked), then appends
 * them to the service's images in that order with `POST /api/carousal/bulk-insert`.
 */
export async function addServiceImages({ serviceId, files, onProgress }: NewServiceImages) {
  const images = [];
  for (const [index, file] of files.entries()) {
    const imageUrl = await uploadCatalogImage(file, (percent) => onProgress(index, percent));
    images.push({ imageUrl, imageName: file.name.slice(0, adminTextLimits.imageName) });
  }
  return staffApiRequest('bulkInsertServiceImages', { body: { serviceId, images } });
}

/** Refreshes the service's images here and in its public gallery. */
export const useAddServiceImages = () =>
  useInvalidatingMutation({
    mutationFn: addServiceImages,
    invalidates: ({ serviceId }) => [showcaseKeys.serviceImagesOf(serviceId), serviceImagesOfKey(serviceId)],
  });
