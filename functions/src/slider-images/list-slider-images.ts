import { listSliderImages } from '../data/content.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listSliderImagesRoute: RouteImpl<'listSliderImages'> = async () => ({
  images: await listSliderImages(),
});
