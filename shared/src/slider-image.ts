import * as z from 'zod/mini';
import { idSchema } from './ids.ts';
import { imageUrlSchema } from './service.ts';

export const sliderImageSchema = z.object({ id: idSchema, imagePath: imageUrlSchema });
export type SliderImage = z.infer<typeof sliderImageSchema>;

export const listSliderImagesResponseSchema = z.object({ images: z.array(sliderImageSchema) });
export type ListSliderImagesResponse = z.infer<typeof listSliderImagesResponseSchema>;
