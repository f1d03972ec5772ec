import { sliderImagesRoutes } from '@studio/shared/routes/slider-images';
import { createGroupHandler } from '../lib/http.ts';
import { listSliderImagesRoute } from './list-slider-images.ts';
import { createSliderImageRoute, deleteSliderImageRoute, reorderSliderImagesRoute } from './write-slider-images.ts';

export const handler = createGroupHandler(sliderImagesRoutes, {
  listSliderImages: listSliderImagesRoute,
  createSliderImage: createSliderImageRoute,
  deleteSliderImage: deleteSliderImageRoute,
  reorderSliderImages: reorderSliderImagesRoute,
});
