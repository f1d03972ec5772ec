import * as z from 'zod/mini';
import { cloudLinkSchema } from '@studio/shared/job';
import { progressSchema, updateJobBodySchema } from '@studio/shared/job-workflow';
import { assignMessages } from './job-messages.ts';

/*
 * The job pages' forms, checked with the routes' own field schemas (`progressSchema`,
 * `cloudLinkSchema`) before sending. The route bodies take any one of their fields; each form
 * sends a fixed set, so these say which of them the form requires.
 */

/** `/assign-job`: the editor to assign (the route's `editorId`); none chosen is the spec's text. */
export const assignFormSchema = z.strictObject({
  editorId: z.string().check(z.minLength(1, assignMessages.chooseEditor)),
});

/**
 * `/edit-job`'s "Edit Job Details": what the API lets staff change (issue 15). Progress (required),
 * instructions and the client's link go to `PUT /api/jobs/{id}` with the route's own field
 * schemas; the editor goes to `PUT /api/jobs/{id}/assign` (left out: no change of editor).
 */
export const jobDetailsFormSchema = z.strictObject({
  progress: progressSchema,
  instructions: updateJobBodySchema.shape.instructions,
  dropboxLink: z.optional(cloudLinkSchema),
  editorId: z.optional(z.string()),
});

/**
 * Said when an editor sets 100 % with nothing delivered: no finished files uploaded to the job
 * and no delivery link (the server refuses it with a 409 too).
 */
export const completeNeedsDeliveryText = 'Upload the finished files or add the delivery link before setting 100 %.';

/** Said beside a disabled "Deliver": what a delivery needs first. */
export const deliverNeedsText = 'To deliver, add the delivery link or upload the finished files to the job.';

/** Said when progress is set to 100 by hand on a job not delivered yet: "Deliver" does that. */
export const progressBelowDeliveryText = 'Progress is for work in progress (0 to 99 %): use Deliver to send the job.';

/**
 * `/editor`: the progress (required) and the delivery link. Until the job is delivered, progress
 * stays below 100: the delivery is its own action ("Deliver", which sends 100 with the link). A
 * delivered job keeps its 100 while the link is changed; it still needs a delivery: the link, or
 * finished files already uploaded to the job (`delivered`, issue 15).
 */
export const editorFormSchema = (filesDelivered: boolean, jobDelivered = false) =>
  z.strictObject({ progress: progressSchema, editorDropboxLink: z.optional(cloudLinkSchema) }).check(
    z.refine((body) => jobDelivered || body.progress < 100, {
      message: progressBelowDeliveryText,
      path: ['progress'],
    }),
    z.refine((body) => filesDelivered || body.progress < 100 || body.editorDropboxLink !== undefined, {
      message: completeNeedsDeliveryText,
      path: ['editorDropboxLink'],
    }),
  );
