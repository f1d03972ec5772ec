import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { jobSchema } from './job.ts';
import { jobFileSchema } from './job-files.ts';
import { historyEntrySchema } from './payment.ts';
import { optionalText } from './text.ts';

/*
 * The client's side of a delivery (issue 17): approval, revision requests with their numbered
 * rounds, cancellation (directly while nothing started and nothing was paid, else by a request a
 * manager decides), and the job's timeline. The status moves are `jobTransitions`
 * (job-workflow.ts).
 */

export const maxRevisionNotesLength = 5000;
export const maxCancellationReasonLength = 2000;

/**
 * Progress milestones the timeline records (a change that reaches or passes one, upward): a
 * quarter, half and three quarters done. 100 % is the delivery itself. Finer steps would bury the
 * entries a client reads the timeline for.
 */
export const progressMilestones = [25, 50, 75] as const;

/**
 * The kinds of timeline entries (the `kind` of a job's history item, #16's `payment` among
 * them); `due` is a manager moving the due time (functions/src/data/job-due.ts).
 */
export const timelineKinds = [
  'payment',
  'created',
  'assigned',
  'progress',
  'delivered',
  'reopened',
  'revision',
  'approval',
  'cancellation',
  'due',
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/**
 * `POST api/jobs/{id}/revision-requests` (the owner, on a DELIVERED job). A job with images sends
 * back exactly the images the client rejected in this round (issue 34): their comments and shapes
 * say what to change, so notes are optional then; without a rejected image notes are required (a
 * 400 naming `body.notes`).
 */
export const createRevisionRequestBodySchema = z.strictObject({
  /** What to change, for the whole job: several lines. */
  notes: optionalText({
    max: maxRevisionNotesLength,
    multiline: true,
    maxMessage: `Notes must be at most ${maxRevisionNotesLength} characters.`,
  }),
  /**
   * Reference images, uploaded and confirmed like a job's photos (`GET api/get-upload-link`,
   * `POST api/uploads/{uploadId}/photos`); the request closes the upload.
   */
  uploadId: z.optional(idSchema),
});
export type CreateRevisionRequestBody = z.infer<typeof createRevisionRequestBodySchema>;

/** One revision round: what the client asked for when it sent delivery `round - 1` back. */
export const revisionRequestSchema = z.object({
  /** The round this request opened: the first request makes round 2. */
  round: z.int().check(z.minimum(2)),
  notes: z.string(),
  requestedAt: isoDateTimeSchema,
  /** Beyond the studio's free revision rounds: staff bill it. */
  billable: z.boolean(),
  /** How many reference images came with it. */
  imageCount: z.int(),
  /** Images the client sent back in it (issue 34): rejected in the round before; 0 for a whole-job request. */
  sentBackCount: z.int(),
  /** Images of the job approved (in any round) when the client sent this request. */
  approvedCount: z.int(),
});
export type RevisionRequest = z.infer<typeof revisionRequestSchema>;

export const createRevisionRequestResponseSchema = z.object({ job: jobSchema, revision: revisionRequestSchema });

/** `GET api/jobs/{id}/revision-requests`: every round's request, oldest first, with its images. */
export const listRevisionRequestsResponseSchema = z.object({
  revisions: z.array(z.object({ ...revisionRequestSchema.shape, images: z.array(jobFileSchema) })),
});
export type RevisionRequestWithImages = z.infer<typeof listRevisionRequestsResponseSchema>['revisions'][number];

/** `POST api/jobs/{id}/cancellation-request` (the owner): why. */
export const createCancellationRequestBodySchema = z.strictObject({
  reason: optionalText({
    max: maxCancellationReasonLength,
    multiline: true,
    maxMessage: `The reason must be at most ${maxCancellationReasonLength} characters.`,
  }),
});

/** `PUT api/jobs/{id}/cancellation-request` (manager, super-admin): accept (cancels) or decline. */
export const decideCancellationBodySchema = z.strictObject({
  decision: z.enum(['ACCEPTED', 'DECLINED'], 'Decide ACCEPTED or DECLINED.'),
});

/**
 * What accepting a paid job's cancellation did with its money (#40): a card payment is refunded
 * through Stripe at once (`requested`; its e-mail and credit note follow Stripe's confirmation),
 * unless Stripe refused (`refused`) or did not answer (`unanswered`, settled when it confirms); a
 * payment by transfer is the studio's to send back by transfer (`by-transfer`). Null: nothing was
 * paid, or the request was declined.
 */
export const cancellationRefundSchema = z.object({
  status: z.enum(['requested', 'refused', 'unanswered', 'by-transfer']),
  amountCents: z.int(),
  message: z.string(),
});
export type CancellationRefund = z.infer<typeof cancellationRefundSchema>;

/** `PUT api/jobs/{id}/cancellation-request`: the job, and what became of its money. */
export const decideCancellationResponseSchema = z.object({
  job: jobSchema,
  refund: z.nullable(cancellationRefundSchema),
});

/** `GET api/jobs/{id}/timeline`: every entry of the job's history, oldest first. */
export const jobTimelineResponseSchema = z.object({ timeline: z.array(historyEntrySchema) });
export type TimelineEntry = z.infer<typeof historyEntrySchema>;

export const revisionParamsSchema = z.strictObject({ id: idSchema });

/**
 * A round's name as people read it: the first delivery is round 1, and the client's first request
 * for changes opens round 2, "Revision 1". Null for round 1 (no revision yet).
 */
export function revisionName(round: number): string | null {
  return round > 1 ? `Revision ${round - 1}` : null;
}

/** Which revision rounds are free: the first `freeRounds` requests (rounds 2..freeRounds + 1). */
export function isBillableRound(round: number, freeRounds: number): boolean {
  return round - 1 > freeRounds;
}
