import { createGroupHandler } from '../lib/http.ts';
import { listSliderImagesRoute } from './list-slider-images.ts';
import { createSliderImageRoute, deleteSliderImageRoute, reorderSliderImagesRoute } from './write-slider-images.ts';

export const handler = createGroupHandler('slider-images', {
  listSliderImages: listSliderImagesRoute,
  createSliderImage: createSliderImageRoute,
  deleteSliderImage: deleteSliderImageRoute,
  reorderSliderImages: reorderSliderImagesRoute,
});
