import * as z from 'zod/mini';
import { amountSchema, currencySchema } from './currency.ts';
import { emptyObjectSchema, idSchema, isoDateTimeSchema } from './ids.ts';
import { unitPriceCentsSchema } from './money.ts';

/**
 * One price of a subservice, per photo, in one currency: `cents` (whole cents, what pricing
 * reads) and `price`, the same amount in major units as the spec names it.
 */
export const priceSchema = z.object({ price: amountSchema, currency: currencySchema, cents: unitPriceCentsSchema });
export type Price = z.infer<typeof priceSchema>;

/** A URL path or absolute URL of an image, as the browser can load it. */
export const imageUrlSchema = z.string().check(z.minLength(1), z.maxLength(2048));

export const subServiceSchema = z.object({
  id: idSchema,
  serviceId: idSchema,
  name: z.string(),
  description: z.string(),
  order: z.int(),
  prices: z.array(priceSchema),
  beforeImage: z.nullable(imageUrlSchema),
  afterImage: z.nullable(imageUrlSchema),
});
export type SubService = z.infer<typeof subServiceSchema>;

export const serviceSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  beforeImage: imageUrlSchema,
  afterImage: imageUrlSchema,
  order: z.int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  subServices: z.array(subServiceSchema),
});
export type Service = z.infer<typeof serviceSchema>;

/** `GET api/services`: every service in display order, each with its subservices. */
export const listServicesResponseSchema = z.object({ services: z.array(serviceSchema) });
export type ListServicesResponse = z.infer<typeof listServicesResponseSchema>;

/** `GET api/services/{id}`. */
export const getServiceResponseSchema = z.object({ service: serviceSchema });
export type GetServiceResponse = z.infer<typeof getServiceResponseSchema>;

/** `GET api/subservices?serviceId=`: the filter is optional; without it every subservice. */
export const listSubServicesQuerySchema = z.strictObject({ serviceId: z.optional(idSchema) });
export const listSubServicesResponseSchema = z.object({ subServices: z.array(subServiceSchema) });
export type ListSubServicesResponse = z.infer<typeof listSubServicesResponseSchema>;

export const noQuerySchema = emptyObjectSchema;
