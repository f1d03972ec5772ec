import * as z from 'zod/mini';
import { carouselImageSchema } from './carousel.ts';
import { adminTextLimits, catalogImagePathSchema, positionSchema } from './catalog-admin.ts';
import { galleryItemSchema } from './gallery.ts';
import { idSchema } from './ids.ts';
import { optionalText, requiredText } from './text.ts';

/*
 * Staff writes of the before/after gallery (`api/gallary/...`) and of each service's images
 * (`api/carousal/...`). Positions count from 1 and stay contiguous: the server shifts the others.
 */

/** Most items one service's gallery, or images one service, may hold (one transaction moves them all). */
export const maxGalleryItemsPerService = 95;
export const maxServiceImagesPerService = 95;

/** `POST api/gallary/new-item`: without `displayOrder` the item goes to the end. */
export const createGalleryItemBodySchema = z.strictObject({
  serviceId: idSchema,
  title: requiredText({ max: adminTextLimits.title }),
  description: z._default(optionalText({ max: adminTextLimits.description, multiline: true }), ''),
  beforeImage: catalogImagePathSchema,
  afterImage: catalogImagePathSchema,
  displayOrder: z.optional(positionSchema),
});
export type CreateGalleryItemBody = z.infer<typeof createGalleryItemBodySchema>;

/** `PUT api/gallary/{id}`: images optional; a new service or position moves the item. */
export const updateGalleryItemBodySchema = z.strictObject({
  serviceId: idSchema,
  title: requiredText({ max: adminTextLimits.title }),
  description: z._default(optionalText({ max: adminTextLimits.description, multiline: true }), ''),
  displayOrder: positionSchema,
  beforeImage: z.optional(catalogImagePathSchema),
  afterImage: z.optional(catalogImagePathSchema),
});
export type UpdateGalleryItemBody = z.infer<typeof updateGalleryItemBodySchema>;

export const galleryItemWriteResponseSchema = z.object({ item: galleryItemSchema, message: z.string() });
export const galleryMessages = {
  added: 'Gallery item added successfully! Orders have been adjusted.',
  updated: 'Gallery item updated successfully! Orders have been adjusted.',
  deleted: 'Gallery item deleted successfully!',
  showcaseCreated: 'Gallery entry created successfully!',
} as const;

/** `POST api/carousal/bulk-insert`: confirmed images appended to a service's list, in this order. */
export const bulkInsertServiceImagesBodySchema = z.strictObject({
  serviceId: idSchema,
  images: z
    .array(
      z.strictObject({ imageUrl: catalogImagePathSchema, imageName: requiredText({ max: adminTextLimits.imageName }) }),
    )
    .check(z.minLength(1, 'Please select at least one image'), z.maxLength(maxServiceImagesPerService)),
});
export type BulkInsertServiceImagesBody = z.infer<typeof bulkInsertServiceImagesBodySchema>;

/** `DELETE api/carousal/bulk-delete`. The service is named too: images are stored under it. */
export const bulkDeleteServiceImagesBodySchema = z.strictObject({
  serviceId: idSchema,
  imageIds: z.array(idSchema).check(
    z.minLength(1, 'Please select images to delete'),
    z.maxLength(maxServiceImagesPerService),
    z.refine((ids) => new Set(ids).size === ids.length, 'an image is named twice'),
  ),
});
export type BulkDeleteServiceImagesBody = z.infer<typeof bulkDeleteServiceImagesBodySchema>;

/** `PUT api/carousal/reorder`: the new position of every image of the service, from 1. */
export const reorderServiceImagesBodySchema = z.strictObject({
  serviceId: idSchema,
  imageOrders: z
    .array(z.strictObject({ id: idSchema, order: positionSchema }))
    .check(z.minLength(1, 'is required'), z.maxLength(maxServiceImagesPerService)),
});
export type ReorderServiceImagesBody = z.infer<typeof reorderServiceImagesBodySchema>;

export const serviceImagesWriteResponseSchema = z.object({
  images: z.array(carouselImageSchema),
  message: z.string(),
});
export const serviceImageMessages = {
  uploaded: 'Images uploaded successfully!',
  deleted: 'Images deleted successfully!',
  reordered: 'Images reordered successfully!',
} as const;
