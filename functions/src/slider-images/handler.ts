import { createGroupHandler } from '../lib/http.ts';
import { listSliderImagesRoute } from './list-slider-images.ts';

export const handler = createGroupHandler('slider-images', { listSliderImages: listSliderImagesRoute });
