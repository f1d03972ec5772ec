import * as z from 'zod/mini';
import { amountSchema, currencySchema } from './currency.ts';
import { emptyObjectSchema, idSchema, isoDateTimeSchema } from './ids.ts';
import { unitPriceCentsSchema } from './money.ts';
import { requiredText } from './text.ts';
import { decimalSchema } from './decimal.ts';

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

/** A turnaround's id: a short slug (`standard`, `express`), unique within its service. */
export const turnaroundIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits or dashes'));

/** The most a turnaround may multiply a price by, and the longest one, in hours (90 days). */
export const maxTurnaroundMultiplier = 10;
export const maxTurnaroundHours = 2160;

/**
 * A turnaround a service offers (#17): how fast the work is delivered once it starts, and what that
 * speed costs, as a multiplier of the (discounted) price: Standard 48 h x1.0, Express 24 h x1.5.
 */
export const turnaroundSchema = z.object({
  id: turnaroundIdSchema,
  name: requiredText({ max: 60, requiredMessage: 'Enter a name.', maxMessage: 'A name is at most 60 characters.' }),
  hours: z
    .int('Enter whole hours.')
    .check(z.minimum(1, 'At least 1 hour.'), z.maximum(maxTurnaroundHours, `At most ${maxTurnaroundHours} hours.`)),
  multiplier: decimalSchema({
    min: 1,
    max: maxTurnaroundMultiplier,
    decimals: 2,
    messages: {
      type: 'Enter the multiplier as a number.',
      min: 'The multiplier is at least 1.',
      max: `The multiplier is at most ${maxTurnaroundMultiplier}.`,
      decimals: 'The multiplier has at most two decimals.',
    },
  }),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

/** The most a volume tier may take off, in percent. */
export const maxVolumeDiscountPercent = 90;

/** A volume tier of a service (#17): from `minPhotos` photos on, `discountPercent` off the subtotal. */
export const volumeTierSchema = z.object({
  minPhotos: z.int('Enter a whole number of photos.').check(z.minimum(1, 'From at least 1 photo.'), z.maximum(100_000)),
  discountPercent: z
    .int('Enter a whole percent.')
    .check(
      z.minimum(0, 'The discount is 0 % or more.'),
      z.maximum(maxVolumeDiscountPercent, `The discount is at most ${maxVolumeDiscountPercent} %.`),
    ),
});
export type VolumeTier = z.infer<typeof volumeTierSchema>;

/**
 * What a service offers when the studio set no turnaround for it (services and jobs made before
 * #17): one standard turnaround at the price as it is.
 */
export const defaultTurnarounds: readonly Turnaround[] = [
  { id: 'standard', name: 'Standard', hours: 48, multiplier: 1 },
];

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
  /** The turnarounds offered (#17), the first the default; never empty (see `defaultTurnarounds`). */
  turnarounds: z.array(turnaroundSchema),
  /** Volume tiers (#17), by `minPhotos` ascending; empty: no volume discount. */
  volumeTiers: z.array(volumeTierSchema),
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
