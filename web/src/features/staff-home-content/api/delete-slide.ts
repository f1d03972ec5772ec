import { sliderImagesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `DELETE /api/slider-images/{id}`. */
export function deleteSlide(id: string) {
  return staffApiRequest('deleteSliderImage', { params: { id } });
}

/** Refreshes the slides here and the home page's carousels. */
export const useDeleteSlide = () =>
  useInvalidatingMutation({
    mutationFn: deleteSlide,
    invalidates: () => [homeContentKeys.slides(), sliderImagesKey],
  });
