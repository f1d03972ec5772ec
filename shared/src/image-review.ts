import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { optionalText, requiredText } from './text.ts';

/*
 * The client's review of each image (issue 34): a decision per delivered image (approve, or reject
 * with a comment and mark-up drawn on the picture), sent back as one revision round holding exactly
 * the rejected images. Shapes are stored in image coordinates normalised to 0..1 (x from the left
 * edge, y from the top edge of the version the client looked at), so they land on the same spot at
 * any displayed size and over the original as over any version. Read by the route table, the
 * handlers and the web client.
 */

export const reviewDecisions = ['APPROVE', 'REJECT'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/** `pin`: one point; `rect`: two opposite corners; `path`: a freehand line of 2 points or more. */
export const annotationKinds = ['pin', 'rect', 'path'] as const;
export type AnnotationKind = (typeof annotationKinds)[number];

export const maxAnnotationsPerImage = 50;
export const maxAnnotationCommentLength = 1000;
export const maxReviewCommentLength = 2000;
/** Points of one freehand path (the browser thins a stroke to this). */
export const maxPathPoints = 500;
/** Points of all the shapes of one image together: keeps a review well inside one item. */
export const maxPointsPerImage = 5000;

const coordinate = z
  .number('must be a number between 0 and 1')
  .check(z.minimum(0, 'must be between 0 and 1'), z.maximum(1, 'must be between 0 and 1'));

/** A point `[x, y]` in 0..1 of the image's width and height. */
export const annotationPointSchema = z.tuple([coordinate, coordinate]);
export type AnnotationPoint = z.infer<typeof annotationPointSchema>;

const pointsOf: Record<AnnotationKind, { min: number; max: number; message: string }> = {
  pin: { min: 1, max: 1, message: 'A pin has exactly one point.' },
  rect: { min: 2, max: 2, message: 'A rectangle has exactly two points (opposite corners).' },
  path: { min: 2, max: maxPathPoints, message: `A path has 2 to ${maxPathPoints} points.` },
};

export const annotationSchema = z
  .strictObject({
    kind: z.enum(annotationKinds, { error: `Mark with one of ${annotationKinds.join(', ')}.` }),
    points: z.array(annotationPointSchema).check(z.minLength(1), z.maxLength(maxPathPoints)),
    comment: requiredText({
      max: maxAnnotationCommentLength,
      multiline: true,
      requiredMessage: 'Say what to change here.',
      maxMessage: `A comment can be at most ${maxAnnotationCommentLength} characters.`,
    }),
  })
  .check(
    z.superRefine((annotation, ctx) => {
      const rule = pointsOf[annotation.kind];
      if (annotation.points.length < rule.min || annotation.points.length > rule.max) {
        ctx.addIssue({ code: 'custom', message: rule.message, path: ['points'], input: annotation.points });
      }
    }),
  );
export type Annotation = z.infer<typeof annotationSchema>;

/**
 * `PUT api/jobs/{id}/images/{imageId}/review` (the client who owns the job): approve a delivered
 * image, or reject it saying what to change (a comment, shapes on the picture, or both). Only an
 * image in status DELIVERED; a decision stands until it is withdrawn (`DELETE` of the same path)
 * or sent (the rejections) or the job approved.
 */
export const imageReviewBodySchema = z
  .strictObject({
    decision: z.enum(reviewDecisions, { error: 'Decide APPROVE or REJECT.' }),
    comment: optionalText({
      max: maxReviewCommentLength,
      multiline: true,
      maxMessage: `A comment can be at most ${maxReviewCommentLength} characters.`,
    }),
    annotations: z.optional(
      z.array(annotationSchema).check(
        z.maxLength(maxAnnotationsPerImage, `Mark at most ${maxAnnotationsPerImage} places on one image.`),
        z.refine(
          (annotations) => annotations.reduce((sum, a) => sum + a.points.length, 0) <= maxPointsPerImage,
          `The shapes of one image can have at most ${maxPointsPerImage} points together: draw shorter lines.`,
        ),
      ),
    ),
  })
  .check(
    z.refine(
      (body) => body.decision !== 'REJECT' || (body.comment ?? '') !== '' || (body.annotations?.length ?? 0) > 0,
      { message: 'Say or mark what should change.', path: ['comment'] },
    ),
  );
export type ImageReviewBody = z.infer<typeof imageReviewBodySchema>;

/** A client's review of one image in one round, with its shapes (numbered in this order, from 1). */
export const imageReviewSchema = z.object({
  /** The round whose delivery was reviewed. */
  round: z.int(),
  decision: z.enum(reviewDecisions),
  comment: z.nullable(z.string()),
  annotations: z.array(annotationSchema),
  /** The version the client looked at (its shapes are drawn on it), null if none was released. */
  versionId: z.nullable(idSchema),
  decidedAt: isoDateTimeSchema,
  /** Whether the rejection was sent back to the studio (a revision round); false while it can change. */
  sent: z.boolean(),
});
export type ImageReview = z.infer<typeof imageReviewSchema>;

/** What an image in a list carries of its latest review (the shapes are on the image's own read). */
export const imageReviewSummarySchema = z.object({
  round: z.int(),
  decision: z.enum(reviewDecisions),
  comment: z.nullable(z.string()),
  annotationCount: z.int(),
  decidedAt: isoDateTimeSchema,
  sent: z.boolean(),
});
export type ImageReviewSummary = z.infer<typeof imageReviewSummarySchema>;

/**
 * First-time approval: images approved without being sent back by the client, over the images the
 * client was delivered (at least once). `rate` is null while nothing was delivered.
 */
export const firstTimeApprovalSchema = z.object({
  delivered: z.int(),
  firstTimeApproved: z.int(),
  sentBack: z.int(),
  rate: z.nullable(z.number()),
});
export type FirstTimeApproval = z.infer<typeof firstTimeApprovalSchema>;

/** Whole-percent text of a rate ("92 %"), or a dash when there is none. */
export function rateText(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)} %`;
}

/** The rate of the counts: approved the first time over delivered, or null. */
export function firstTimeRate(delivered: number, firstTimeApproved: number): number | null {
  return delivered > 0 ? Math.min(1, firstTimeApproved / delivered) : null;
}
