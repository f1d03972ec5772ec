import { sliderImagesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `POST /api/slider-images`: a confirmed image appended as the last slide. */
export function createSlide(imagePath: string) {
  return staffApiRequest('createSliderImage', { body: { imagePath } });
}

/** Refreshes the slides here and the home page's carousels. */
export const useCreateSlide = () =>
  useInvalidatingMutation({
    mutationFn: createSlide,
    invalidates: () => [homeContentKeys.slides(), sliderImagesKey],
  });
