import { sliderImagesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `PUT /api/slider-images/order`: every slide's id, in the new order. */
export function reorderSlides(ids: readonly string[]) {
  return staffApiRequest('reorderSliderImages', { body: { ids: [...ids] } });
}

/**
 * Refreshes the slides here and the home page's carousels, also after a failure: a refused
 * reorder usually means the list changed meanwhile.
 */
export const useReorderSlides = () =>
  useInvalidatingMutation({
    mutationFn: reorderSlides,
    invalidates: () => [homeContentKeys.slides(), sliderImagesKey],
    alsoOnFailure: true,
  });
