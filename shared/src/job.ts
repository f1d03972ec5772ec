import * as z from 'zod/mini';
import { currencySchema, defaultCurrency } from './currency.ts';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { unitPriceCentsSchema } from './money.ts';

/*
 * Jobs: what a client orders. The server prices a job from the stored catalogue; the browser only
 * says what it wants. Bodies are strict objects, so a `totalPrice`, `status` or `clientId` sent by
 * the browser is refused with a 400 rather than silently dropped.
 */

export const jobStatuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const paymentStatuses = ['PENDING', 'PAID', 'FAILED'] as const;
export const paymentMethods = [
  'PayPal',
  'Credit/Debit Card',
  'Internet Banking',
  'PhonePe',
  'GooglePay',
  'Other',
] as const;

export const linkTypes = ['own', 'generate'] as const;
export const maxPhotosPerJob = 100_000;
export const maxSubServicesPerJob = 50;
export const maxInstructionsLength = 5000;

/** A Cognito user id (`sub`): a UUID on AWS and in the emulator. */
export const userIdSchema = z.string().check(z.regex(/^[A-Za-z0-9-]{1,128}$/, 'must be a user id'));

/**
 * A host name with a dot and a top-level domain: zod's `regexes.domain`, spelled out, because
 * reaching it through `z.regexes` made esbuild keep every regular expression zod has (about 5 KB
 * in each Lambda bundle).
 */
const domainPattern = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** An http(s) link to the client's own cloud folder (Dropbox, Drive, WeTransfer...). */
export const cloudLinkSchema = z
  .url({
    protocol: /^https?$/,
    hostname: domainPattern,
    error: 'Enter the full link to your photos, starting with https://',
  })
  .check(z.maxLength(2048, 'The link must be at most 2048 characters.'));

/** `POST api/jobs`. */
export const createJobBodySchema = z
  .strictObject({
    serviceId: idSchema,
    selectedSubServices: z.array(idSchema).check(
      z.minLength(1, 'Choose at least one subservice.'),
      z.maxLength(maxSubServicesPerJob, `Choose at most ${maxSubServicesPerJob} subservices.`),
      z.refine((ids) => new Set(ids).size === ids.length, 'Each subservice can be chosen once.'),
    ),
    currency: z._default(currencySchema, defaultCurrency),
    linkType: z.enum(linkTypes),
    dropboxLink: z.optional(cloudLinkSchema),
    uploadId: z.optional(idSchema),
    numberOfPhotos: z
      .int('Enter a whole number of photos.')
      .check(
        z.minimum(1, 'At least 1 photo.'),
        z.maximum(maxPhotosPerJob, `At most ${maxPhotosPerJob} photos per job.`),
      ),
    instructions: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(maxInstructionsLength, `Instructions must be at most ${maxInstructionsLength} characters.`),
        ),
    ),
  })
  .check(
    // Each link type names exactly one place for the photos; the other field must be absent.
    z.refine((job) => job.linkType !== 'own' || job.dropboxLink !== undefined, {
      message: 'Enter the link to your photos.',
      path: ['dropboxLink'],
    }),
    z.refine((job) => job.linkType !== 'own' || job.uploadId === undefined, {
      message: 'An upload goes with linkType "generate" only.',
      path: ['uploadId'],
    }),
    z.refine((job) => job.linkType !== 'generate' || job.uploadId !== undefined, {
      message: 'Upload your photos first.',
      path: ['uploadId'],
    }),
    z.refine((job) => job.linkType !== 'generate' || job.dropboxLink === undefined, {
      message: 'A link goes with linkType "own" only.',
      path: ['dropboxLink'],
    }),
  );
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

/** The `Idempotency-Key` request header of `POST api/jobs` (IETF draft): any 1..200 printable characters. */
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 visible ASCII characters'));

export const jobSubServiceSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Price per photo in the job's currency when the job was created, in whole cents. */
  unitPriceCents: unitPriceCentsSchema,
  /** The same in major units (`unitPriceCents / 100`). */
  unitPrice: z.number(),
});

export const jobPaymentSchema = z.object({
  status: z.enum(paymentStatuses),
  method: z.enum(paymentMethods),
  /** Always the job's currency: a job is paid in the currency it is priced in. */
  currency: currencySchema,
  updatedAt: isoDateTimeSchema,
});
export type JobPayment = z.infer<typeof jobPaymentSchema>;

export const jobSchema = z.object({
  id: idSchema,
  clientId: z.string(),
  serviceId: idSchema,
  serviceName: z.string(),
  selectedSubServices: z.array(idSchema),
  subServices: z.array(jobSubServiceSchema),
  currency: currencySchema,
  linkType: z.enum(linkTypes),
  dropboxLink: z.nullable(z.string()),
  uploadId: z.nullable(idSchema),
  numberOfPhotos: z.int(),
  instructions: z.string(),
  status: z.enum(jobStatuses),
  /** Percent done, 0..100. */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  editorId: z.nullable(z.string()),
  editorDropboxLink: z.nullable(z.string()),
  /** What the job costs, in whole cents of `currency`, computed by the server (`shared/src/job-pricing.ts`). */
  totalCents: z.int().check(z.minimum(0)),
  /** The spec's field: `totalCents` in major units (`totalCents / 100`). */
  totalPrice: z.number(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  payment: z.nullable(jobPaymentSchema),
});
export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ job: jobSchema });
export const listJobsResponseSchema = z.object({ jobs: z.array(jobSchema) });

export const userIdParamsSchema = z.strictObject({ userId: userIdSchema });
export const userIdQuerySchema = z.strictObject({ userId: userIdSchema });

/**
 * `PUT api/jobs/{id}/payment`: the client's choice; no provider is called yet. `currency` must be
 * the job's own (the payment page maps its list onto it: `paymentPageCurrencies`).
 */
export const choosePaymentBodySchema = z.strictObject({
  method: z.enum(paymentMethods),
  currency: currencySchema,
  acceptTerms: z.literal(true, 'Accept the terms to continue.'),
});
