import * as z from 'zod/mini';
import { idSchema } from './ids.ts';
import { imageUrlSchema } from './service.ts';

/**
 * A hero slide. `title` and `text` are its copy on the home page (#20); a slide without them is
 * shown as an image only. The first slide's copy is the site's own ('Hair Masking', spec §4).
 */
export const sliderImageSchema = z.object({
  id: idSchema,
  imagePath: imageUrlSchema,
  title: z.optional(z.string()),
  text: z.optional(z.string()),
});
export type SliderImage = z.infer<typeof sliderImageSchema>;

export const listSliderImagesResponseSchema = z.object({ images: z.array(sliderImageSchema) });
export type ListSliderImagesResponse = z.infer<typeof listSliderImagesResponseSchema>;
