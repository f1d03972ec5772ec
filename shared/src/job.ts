import * as z from 'zod/mini';
import { currencySchema, defaultCurrency } from './currency.ts';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { imageStatuses } from './image-status.ts';
import { unitPriceCentsSchema } from './money.ts';
import { turnaroundIdSchema, turnaroundSchema, volumeTierSchema } from './service.ts';
import { optionalText, requiredText } from './text.ts';

/*
 * Jobs: what a client orders. The server prices a job from the stored catalogue; the browser only
 * says what it wants. Bodies are strict objects, so a `totalPrice`, `status` or `clientId` sent by
 * the browser is refused with a 400 rather than silently dropped.
 */

/**
 * A job's status. Issue 17 appends DELIVERED (the studio delivered; waiting for the client's
 * answer) and REVISION_REQUESTED (the client sent the delivery back); COMPLETED now means approved
 * by the client, or auto-approved. The allowed moves are `jobTransitions` (job-workflow.ts).
 */
export const jobStatuses = [
  'PENDING',
  'IN_PROGRESS',
  'COMPLETED',
  'CANCELLED',
  'DELIVERED',
  'REVISION_REQUESTED',
] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * A job's payment state. The spec's PENDING, PAID and FAILED, and (#16) MISMATCH: money arrived
 * that is not the job's total in its currency (never PAID; staff look at it), REFUNDED and
 * PARTIALLY_REFUNDED after a refund. No payment at all is `payment: null` (the spec's "none").
 */
export const paymentStatuses = ['PENDING', 'PAID', 'FAILED', 'MISMATCH', 'REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** Who moved the money: Stripe Checkout, or staff recording a transfer they received. */
export const paymentProviders = ['stripe', 'manual'] as const;
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

/** A job's instructions to the studio: free text, several lines. */
export const instructionsSchema = optionalText({
  max: maxInstructionsLength,
  multiline: true,
  maxMessage: `Instructions must be at most ${maxInstructionsLength} characters.`,
});

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
    /**
     * The photos to bill with linkType `own`. With `generate` the server bills the upload's
     * confirmed photos; a count sent then must be that number (so the page and the bill agree).
     */
    numberOfPhotos: z.optional(
      z
        .int('Enter a whole number of photos.')
        .check(
          z.minimum(1, 'At least 1 photo.'),
          z.maximum(maxPhotosPerJob, `At most ${maxPhotosPerJob} photos per job.`),
        ),
    ),
    instructions: instructionsSchema,
    /** One of the service's turnarounds (#17); absent: the service's first (its default). */
    turnaroundId: z.optional(turnaroundIdSchema),
    /**
     * The organisation the job is ordered for (#35): the caller must be its OWNER or a BUYER.
     * Absent: the caller's personal organisation.
     */
    organisationId: z.optional(idSchema),
    /**
     * A live spec of that organisation (#35, shared/src/style-spec.ts): the job records its id, its
     * latest version and its name (`job.spec`). The subservices and turnaround are the body's own:
     * the page pre-fills them from the spec, and the client may change them.
     */
    specId: z.optional(idSchema),
  })
  .check(
    // Each link type names exactly one place for the photos; the other field must be absent.
    z.refine((job) => job.linkType !== 'own' || job.dropboxLink !== undefined, {
      message: 'Enter the link to your photos.',
      path: ['dropboxLink'],
    }),
    z.refine((job) => job.linkType !== 'own' || job.numberOfPhotos !== undefined, {
      message: 'Enter the number of photos.',
      path: ['numberOfPhotos'],
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
  /** Who moved the money; null while only a method is chosen. */
  provider: z.nullable(z.enum(paymentProviders)),
  /**
   * What arrived, as the provider or staff reported it: whole cents and an ISO currency code
   * (upper case). Equal to the job's total when PAID; different when MISMATCH.
   */
  received: z.nullable(z.object({ amountCents: z.int(), currency: z.string() })),
  /** When the job was paid (PAID, and kept after a refund). */
  paidAt: z.nullable(isoDateTimeSchema),
  /** Refunded so far, whole cents of the job's currency. */
  refundedCents: z.int().check(z.minimum(0)),
  /** The bank transfer's reference staff entered, or the provider's payment id. */
  reference: z.nullable(z.string()),
});
export type JobPayment = z.infer<typeof jobPaymentSchema>;

/** Who ordered a job, copied from the account when the job was created (issue 15). */
export const jobClientSchema = z.object({ name: z.string(), email: z.string() });
export type JobClient = z.infer<typeof jobClientSchema>;

/**
 * The client of a job as an answer shows it: the e-mail is null for a caller who may not have the
 * client's contact details (the assigned editor, docs/access.md).
 */
export const jobClientViewSchema = z.object({ name: z.string(), email: z.nullable(z.string()) });

/** `RS-<year>-<4+ digits>`: the human number of a job, unique, given when it is created. */
export const jobNumberPattern = /^RS-\d{4}-\d{4,}$/;

/** The style spec a job was ordered with (#35): the studio works to that version for ever. */
export const jobSpecRefSchema = z.object({ id: idSchema, version: z.int().check(z.minimum(1)), name: z.string() });
export type JobSpecRef = z.infer<typeof jobSpecRefSchema>;

export const jobSchema = z.object({
  id: idSchema,
  /** `RS-2026-0042`; null only for jobs created before numbers existed. */
  jobNumber: z.nullable(z.string()),
  clientId: z.string(),
  /**
   * The organisation the job belongs to (#35): its members see it by their role. Null for a job
   * ordered before organisations until the one-off migration gives it its client's personal one.
   */
  organisationId: z.nullable(idSchema),
  /**
   * The spec and version the job was ordered with (#35); null without one. Every answer of the API
   * has it; optional here so that older fixtures parse.
   */
  spec: z.optional(z.nullable(jobSpecRefSchema)),
  /** The client's name and e-mail as they were when the job was created; null before issue 15. */
  client: z.nullable(jobClientViewSchema),
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
  /**
   * The delivery link the editor gave; null until then, and for a client until the finished work
   * is released (paid, or the studio's setting; docs/access.md).
   */
  editorDropboxLink: z.nullable(z.string()),
  /** Finished files the studio uploaded to the job (GET api/jobs/{id}/deliverables). */
  deliverableCount: z.int(),
  /** What the job costs, in whole cents of `currency`, computed by the server (`shared/src/job-pricing.ts`). */
  totalCents: z.int().check(z.minimum(0)),
  /** The spec's field: `totalCents` in major units (`totalCents / 100`). */
  totalPrice: z.number(),
  /**
   * The price's breakdown (#17), as `shared/src/job-pricing.ts` computed it when the job was made:
   * `totalCents = subtotalCents - discountCents + rushSurchargeCents`. Jobs made before #17 read
   * as their total with no discount or surcharge.
   */
  subtotalCents: z.int(),
  discountCents: z.int(),
  rushSurchargeCents: z.int(),
  /** The turnaround ordered, as it was then; null for jobs made before #17. */
  turnaround: z.nullable(turnaroundSchema),
  /** The volume tier the photo count reached; null when none. */
  volumeTier: z.nullable(volumeTierSchema),
  /**
   * When the work is due: payment time (or creation, when the studio releases work before
   * payment) plus the turnaround's hours; moved by a manager with a reason. Null until then.
   */
  dueAt: z.nullable(isoDateTimeSchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** Null when nothing was paid or chosen, and always for the assigned editor (docs/access.md). */
  payment: z.nullable(jobPaymentSchema),
  /**
   * The job's invoice number (#16), `INV-<year>-<n>`: sequential per year, given when the job is
   * created. Null only for jobs created before invoices existed.
   */
  invoiceNumber: z.nullable(z.string()),
  /**
   * Issue 17. The delivery round: 1 until the client asks for a revision, which makes round 2.
   * Every answer of the API has these three; optional here so that older data and fixtures parse.
   */
  round: z.optional(z.int().check(z.minimum(1))),
  /**
   * When the current round was delivered (the job became DELIVERED); null before a delivery. (Not
   * the stored `deliveredAt` of #15, the time of the last finished file uploaded.)
   */
  roundDeliveredAt: z.optional(z.nullable(isoDateTimeSchema)),
  /**
   * Issue 33: the job's images per status, for a job made of uploaded photos (null for a job sent as
   * a link, which is delivered as a whole). Its status and progress follow these counts.
   */
  imageCounts: z.optional(z.nullable(z.record(z.enum(imageStatuses), z.int()))),
  /** The client's latest cancellation request of this job (issue 17), or null. */
  cancellationRequest: z.optional(
    z.nullable(
      z.object({
        status: z.enum(['PENDING', 'ACCEPTED', 'DECLINED']),
        reason: z.string(),
        requestedAt: isoDateTimeSchema,
        decidedAt: z.nullable(isoDateTimeSchema),
      }),
    ),
  ),
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

/** The longest reason a manager gives for moving a due time. */
export const maxDueReasonLength = 500;

/** `PUT api/jobs/{id}/due` (MANAGER, SUPER_ADMIN): the new due time and why. */
export const moveDueBodySchema = z.strictObject({
  dueAt: isoDateTimeSchema,
  reason: requiredText({
    max: maxDueReasonLength,
    multiline: true,
    requiredMessage: 'Say why the due time moves.',
    maxMessage: `The reason must be at most ${maxDueReasonLength} characters.`,
  }),
});
export type MoveDueBody = z.infer<typeof moveDueBodySchema>;
