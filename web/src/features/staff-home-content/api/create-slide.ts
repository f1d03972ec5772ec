import type { z } from 'zod/mini';
import type { createSliderImageBodySchema } from '@studio/shared/content-admin';
import { sliderImagesKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

export type CreateSlideBody = z.output<typeof createSliderImageBodySchema>;

/** `POST /api/slider-images`: a confirmed image appended as the last slide, with its title and text if any. */
export function createSlide(body: CreateSlideBody) {
  return staffApiRequest('createSliderImage', { body });
}

/** Refreshes the slides here and the home page's carousels. */
export const useCreateSlide = () =>
  useInvalidatingMutation({
    mutationFn: createSlide,
    invalidates: () => [homeContentKeys.slides(), sliderImagesKey],
  });
