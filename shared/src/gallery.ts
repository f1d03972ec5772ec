import * as z from 'zod/mini';
import { serviceRefSchema } from './carousel.ts';
import { idSchema } from './ids.ts';
import { imageUrlSchema } from './service.ts';

/** `GET api/gallary/all-services`: the services that have at least one gallery item, in display order. */
export const listGalleryServicesResponseSchema = z.object({ services: z.array(serviceRefSchema) });
export type ListGalleryServicesResponse = z.infer<typeof listGalleryServicesResponseSchema>;

export const galleryItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  service: serviceRefSchema,
  /** Position within its service's gallery, contiguous from 1. */
  displayOrder: z.int(),
  beforeImage: imageUrlSchema,
  afterImage: imageUrlSchema,
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** `GET api/gallary/all-items`: every item, grouped by service in the services' display order. */
export const listGalleryItemsResponseSchema = z.object({ items: z.array(galleryItemSchema) });
export type ListGalleryItemsResponse = z.infer<typeof listGalleryItemsResponseSchema>;

export const galleryGroupItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  beforeImage: imageUrlSchema,
  afterImage: imageUrlSchema,
});

/** `GET api/gallary/all-items2`: one group per service that has items, items in display order. */
export const listGalleryByServiceResponseSchema = z.object({
  services: z.array(z.object({ service: serviceRefSchema, items: z.array(galleryGroupItemSchema) })),
});
export type ListGalleryByServiceResponse = z.infer<typeof listGalleryByServiceResponseSchema>;
