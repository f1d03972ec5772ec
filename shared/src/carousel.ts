import * as z from 'zod/mini';
import { idSchema } from './ids.ts';
import { imageUrlSchema } from './service.ts';

/**
 * A whole number sent in the query string. Query values arrive as text, so the text is checked
 * first (digits only: no sign, no blank, no `1e3`), then converted and range-checked.
 */
export function queryInt(min: number, max: number) {
  return z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^[0-9]{1,7}$/, 'must be a whole number')), z.transform(Number)),
      z.int().check(z.minimum(min, `must be at least ${min}`), z.maximum(max, `must be at most ${max}`)),
    ),
  );
}

export const carouselPageDefaults = { page: 1, limit: 50 } as const;

/** A service named in the carousel / gallery lists. */
export const serviceRefSchema = z.object({ id: idSchema, name: z.string() });
export type ServiceRef = z.infer<typeof serviceRefSchema>;

/** `GET api/carousal/services`: the services in display order. */
export const listCarouselServicesResponseSchema = z.object({ services: z.array(serviceRefSchema) });
export type ListCarouselServicesResponse = z.infer<typeof listCarouselServicesResponseSchema>;

export const carouselImageSchema = z.object({
  id: idSchema,
  imageUrl: imageUrlSchema,
  imageName: z.string(),
  /** Position in the service's gallery, contiguous from 1. */
  order: z.int(),
});
export type CarouselImage = z.infer<typeof carouselImageSchema>;

/** `GET api/carousal/service/{id}?page&limit`: page defaults to 1, limit to 50 (at most 100). */
export const listServiceImagesQuerySchema = z.strictObject({
  page: queryInt(1, 100_000),
  limit: queryInt(1, 100),
});
export type ListServiceImagesQuery = z.infer<typeof listServiceImagesQuerySchema>;

export const listServiceImagesResponseSchema = z.object({
  images: z.array(carouselImageSchema),
  hasMore: z.boolean(),
  total: z.int(),
});
export type ListServiceImagesResponse = z.infer<typeof listServiceImagesResponseSchema>;
