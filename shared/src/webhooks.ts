import * as z from 'zod/mini';
import { cursorSchema, idSchema, isoDateTimeSchema } from './ids.ts';

/*
 * Webhooks (#36): an organisation's system hears about its jobs as they change. Each event is a POST
 * of JSON to the webhook's URL, signed with the webhook's secret:
 *   Studio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">
 *   Studio-Event-Id: <the event's id> (the same on every retry: a receiver drops repeats by it)
 * A delivery is an answer 2xx within 10 s; anything else is retried with backoff for 24 h, then
 * kept as failed (dead letter). A webhook whose deliveries have all failed for 3 days is disabled
 * and its organisation's OWNERs are e-mailed; an OWNER turns it on again.
 */

export const webhookEvents = [
  'job.created',
  'job.paid',
  'image.delivered',
  'job.delivered',
  'job.approved',
  'revision.requested',
  'job.cancelled',
] as const;
export const webhookEventSchema = z.enum(webhookEvents, {
  error: `Choose events from ${webhookEvents.join(', ')}.`,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The event a receiver can ask for with "Send a test event": a `job.created` of a made-up job. */
export const webhookTestEvent = 'webhook.test' as const;

export const webhookSignatureHeader = 'studio-signature';
export const webhookEventIdHeader = 'studio-event-id';
/** A receiver should refuse a signature whose `t` is further than this from its clock (replays). */
export const webhookSignatureToleranceSeconds = 300;

export const maxWebhooksPerOrganisation = 10;
/** How long an event is retried before it is given up on. */
export const webhookRetryHours = 24;
/** How long a webhook may fail every delivery before it is disabled. */
export const webhookDisableAfterDays = 3;
/** How long a receiver has to answer. */
export const webhookTimeoutSeconds = 10;
/** Deliveries (attempts) kept in a webhook's log. */
export const webhookDeliveryLogDays = 30;

/**
 * The URL events are sent to: https on AWS. Locally (and in tests) `http://127.0.0.1:<port>` and
 * `http://localhost:<port>` too. The server checks the host again where it resolves it: no private,
 * loopback or link-local address on AWS (no requests into the VPC or to the metadata service).
 */
export const webhookUrlSchema = z.string().check(
  z.trim(),
  z.maxLength(2000, 'The URL must be at most 2,000 characters.'),
  // A format check of its own (no control characters), as every free-text field has.
  z.regex(/^[^\p{Cc}]+$/u, 'The URL must not contain control characters.'),
  z.refine((value) => URL.canParse(value), 'Enter the full URL, e.g. https://example.com/hooks/studio.'),
  z.refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  }, 'The URL must start with https://.'),
  z.refine(
    (value) => !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''),
    'The URL must not carry a user name or password.',
  ),
);

const eventsSchema = z.array(webhookEventSchema).check(
  z.minLength(1, 'Choose at least one event.'),
  z.refine((events) => new Set(events).size === events.length, 'Name each event once.'),
);

/** `POST api/organisations/{id}/webhooks`. */
export const createWebhookBodySchema = z.strictObject({ url: webhookUrlSchema, events: eventsSchema });
/** `PUT api/organisations/{id}/webhooks/{hookId}`: change the events, or turn a disabled webhook on again. */
export const updateWebhookBodySchema = z.strictObject({
  events: z.optional(eventsSchema),
  enabled: z.optional(z.boolean()),
});

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  /** Why it was turned off, when it was (e.g. failing for 3 days). */
  disabledReason: z.nullable(z.string()),
  createdAt: isoDateTimeSchema,
  /** Since when every delivery has failed, or null while the last one succeeded. */
  failingSince: z.nullable(isoDateTimeSchema),
  lastDeliveryAt: z.nullable(isoDateTimeSchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookParamsSchema = z.strictObject({ id: idSchema, hookId: idSchema });
export const listWebhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookResponseSchema = z.object({ webhook: webhookSchema });
/** The answer of `POST`: the signing secret (`whsec_...`), this once. */
export const createdWebhookResponseSchema = z.object({ webhook: webhookSchema, secret: z.string() });

/** One try at sending one event. */
export const webhookDeliverySchema = z.object({
  id: idSchema,
  eventId: z.string(),
  event: z.union([webhookEventSchema, z.literal(webhookTestEvent)]),
  /** 1 for the first try. */
  attempt: z.int(),
  at: isoDateTimeSchema,
  /** The receiver's status, or null when there was none (timeout, refused connection, refused address). */
  status: z.nullable(z.int()),
  ok: z.boolean(),
  /** The first 500 characters of the receiver's answer, or what went wrong. */
  response: z.string(),
  durationMs: z.int(),
  /** When the next try is due, or null (delivered, or given up). */
  nextAttemptAt: z.nullable(isoDateTimeSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({ cursor: z.optional(cursorSchema) });
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.nullable(z.string()),
});
export const testWebhookResponseSchema = z.object({ eventId: z.string() });

/** The body of every delivery. `data` is the job as `GET api/jobs/{id}` answers it, and for
 * `image.delivered` the image too. */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent | typeof webhookTestEvent;
  createdAt: string;
  organisationId: string;
  data: Record<string, unknown>;
}

/**
 * Settings of the webhook functions (#36), set by the CDK stack and by the local stack. The
 * dispatcher and the test route queue deliveries on `queueUrl`; the delivery worker sends what it
 * gives up on to `deadLetterQueueUrl`. `allowLoopback` is set by the local stack only: there a
 * webhook may be `http://127.0.0.1:<port>` or `http://localhost:<port>`; absent (AWS), https only
 * and never a private, loopback or link-local address.
 */
export const webhookEnvNames = {
  queueUrl: 'WEBHOOK_QUEUE_URL',
  deadLetterQueueUrl: 'WEBHOOK_DEAD_LETTER_QUEUE_URL',
  allowLoopback: 'WEBHOOK_ALLOW_LOOPBACK',
} as const;

/**
 * The outbox events a webhook event comes from (the dispatcher's stream filter names them):
 * a cancellation decided may be a refusal, which the dispatcher then drops.
 */
export const webhookSourceEvents = [
  'job.created',
  'job.paid',
  'job.delivered',
  'job.approved',
  'job.revisionRequested',
  'job.cancelled',
  'job.cancellationDecided',
  'job.imagesReleased',
] as const;

/**
 * The event-source filter of the webhook dispatcher: new outbox items of the events above. Lambda's
 * filter syntax; the CDK stack passes it to the event source mapping, the local stream reader
 * applies the same pattern.
 */
export const webhookStreamFilter = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: ['Outbox'] }, event: { M: { event: { S: [...webhookSourceEvents] } } } } },
} as const;
