import * as z from 'zod/mini';
import { amountSchema, currencies, currencySchema } from './currency.ts';
import { idSchema } from './ids.ts';
import { serviceSchema, subServiceSchema } from './service.ts';
import { requiredText } from './text.ts';

/*
 * Staff writes of the catalogue (services, subservices, prices) and the images they use. Images are
 * uploaded by the browser straight to storage (presigned POST), confirmed by `POST api/images`,
 * and then named in the writes below by the `/media/images/...` path the confirmation answered.
 */

/** Longest text accepted per kind of staff-entered field. */
export const adminTextLimits = {
  name: 100,
  title: 150,
  description: 2000,
  imageName: 200,
  testimonial: 1000,
  position: 100,
} as const;

/** A display order: a whole number from 0 (subservices default to 0) to 999 999. */
export const orderSchema = z
  .int('must be a whole number')
  .check(z.minimum(0, 'must be at least 0'), z.maximum(999_999));
/** A position in a list that counts from 1 (gallery, service images). */
export const positionSchema = z
  .int('must be a whole number')
  .check(z.minimum(1, 'must be at least 1'), z.maximum(999_999));

/** Image types staff may upload for the catalogue, with the extension the stored key gets. */
export const catalogImageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type CatalogImageType = keyof typeof catalogImageTypes;
/** Largest catalogue image accepted, in bytes (20 MB). */
export const maxCatalogImageBytes = 20 * 1024 * 1024;

/**
 * The public path of a confirmed catalogue image, as `POST api/images` answers it. Writes accept
 * only such paths, and the server checks the image exists before storing the reference.
 */
export const catalogImagePathSchema = z
  .string({ error: 'is required' })
  .check(
    z.regex(
      /^\/media\/images\/[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|webp)$/,
      'must be an image uploaded through the console',
    ),
  );

/** `POST api/images/upload-link`: a presigned POST for one catalogue image. */
export const createImageUploadLinkBodySchema = z.strictObject({
  fileName: requiredText({ max: 255 }),
  contentType: z.enum(Object.keys(catalogImageTypes) as [CatalogImageType, ...CatalogImageType[]], {
    error: 'Upload JPEG, PNG or WebP images.',
  }),
  size: z
    .int('must be a whole number of bytes')
    .check(
      z.minimum(1, 'The file is empty.'),
      z.maximum(maxCatalogImageBytes, `An image can be at most ${maxCatalogImageBytes / 1024 / 1024} MB.`),
    ),
});
export type CreateImageUploadLinkBody = z.infer<typeof createImageUploadLinkBodySchema>;

export const imageUploadLinkSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The pending object's key, to pass to `POST api/images` once the file is sent. */
  key: z.string(),
});
export const createImageUploadLinkResponseSchema = z.object({ upload: imageUploadLinkSchema });
export type ImageUploadLink = z.infer<typeof imageUploadLinkSchema>;

/** `POST api/images`: confirm an uploaded file (size and real type checked) as a catalogue image. */
export const confirmImageBodySchema = z.strictObject({
  key: z
    .string({ error: 'is required' })
    .check(z.regex(/^pending\/[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|webp)$/, 'must be a key answered by the upload link')),
});
export const catalogImageSchema = z.object({
  url: catalogImagePathSchema,
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
});
export type CatalogImage = z.infer<typeof catalogImageSchema>;
export const confirmImageResponseSchema = z.object({ image: catalogImageSchema, message: z.string() });
export const imageUploadedMessage = 'Image uploaded successfully!';

/** Price rows of a subservice: one per currency, at least one. */
export const priceRowsSchema = z
  .array(z.object({ price: amountSchema, currency: currencySchema }), 'must be a list of prices')
  .check(
    z.minLength(1, 'at least one price is required'),
    z.maxLength(currencies.length, `at most ${currencies.length} prices`),
    z.refine((rows) => new Set(rows.map((r) => r.currency)).size === rows.length, 'one price per currency'),
  );

/** `POST api/services`. The order defaults to the end of the list. */
export const createServiceBodySchema = z.strictObject({
  name: requiredText({ max: adminTextLimits.name }),
  description: requiredText({ max: adminTextLimits.description, multiline: true }),
  beforeImage: catalogImagePathSchema,
  afterImage: catalogImagePathSchema,
  order: z.optional(orderSchema),
});
export type CreateServiceBody = z.infer<typeof createServiceBodySchema>;

/** `PUT api/services/{id}`: name, description and order required; images optional. */
export const updateServiceBodySchema = z.strictObject({
  name: requiredText({ max: adminTextLimits.name }),
  description: requiredText({ max: adminTextLimits.description, multiline: true }),
  order: orderSchema,
  beforeImage: z.optional(catalogImagePathSchema),
  afterImage: z.optional(catalogImagePathSchema),
});
export type UpdateServiceBody = z.infer<typeof updateServiceBodySchema>;

export const serviceWriteResponseSchema = z.object({ service: serviceSchema, message: z.string() });
export const serviceAddedMessage = 'Service added successfully!';
export const deletedResponseSchema = z.object({ id: idSchema, message: z.string() });

/** `POST api/subServices/withPrices`. */
export const createSubServiceBodySchema = z.strictObject({
  serviceId: idSchema,
  name: requiredText({ max: adminTextLimits.name }),
  description: requiredText({ max: adminTextLimits.description, multiline: true }),
  order: z._default(orderSchema, 0),
  prices: priceRowsSchema,
});
export type CreateSubServiceBody = z.infer<typeof createSubServiceBodySchema>;

/** `POST api/subServices/withPricesAndImages`: the same with both images. */
export const createSubServiceWithImagesBodySchema = z.strictObject({
  serviceId: idSchema,
  name: requiredText({ max: adminTextLimits.name }),
  description: requiredText({ max: adminTextLimits.description, multiline: true }),
  order: z._default(orderSchema, 0),
  prices: priceRowsSchema,
  beforeImage: catalogImagePathSchema,
  afterImage: catalogImagePathSchema,
});
export type CreateSubServiceWithImagesBody = z.infer<typeof createSubServiceWithImagesBodySchema>;

/** `PUT api/subServices/updatesubservice/{id}`: images optional; `serviceId`, if sent, must not change. */
export const updateSubServiceBodySchema = z.strictObject({
  serviceId: z.optional(idSchema),
  name: requiredText({ max: adminTextLimits.name }),
  description: requiredText({ max: adminTextLimits.description, multiline: true }),
  order: orderSchema,
  prices: priceRowsSchema,
  beforeImage: z.optional(catalogImagePathSchema),
  afterImage: z.optional(catalogImagePathSchema),
});
export type UpdateSubServiceBody = z.infer<typeof updateSubServiceBodySchema>;

export const subServiceWriteResponseSchema = z.object({ subService: subServiceSchema, message: z.string() });
export const subServiceCreatedMessage = 'SubService and prices created successfully';

/** Most subservices one service may have (all are removed with the service in one transaction). */
export const maxSubServicesPerService = 50;
