import * as z from 'zod/mini';
import { cloudLinkSchema } from '@studio/shared/job';
import { progressSchema } from '@studio/shared/job-workflow';
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

/** `/edit-job`: the progress, required (`PUT /api/jobs/{id}` with `{ progress }`). */
export const progressFormSchema = z.strictObject({ progress: progressSchema });

/** Said when an editor sets 100 % with no delivery link (the server refuses it with a 409 too). */
export const completeNeedsLinkText = 'Add the delivery link before setting 100 %.';

/** `/editor`: the progress (required) and the delivery link, which 100 % needs. */
export const editorFormSchema = z
  .strictObject({ progress: progressSchema, editorDropboxLink: z.optional(cloudLinkSchema) })
  .check(
    z.refine((body) => body.progress < 100 || body.editorDropboxLink !== undefined, {
      message: completeNeedsLinkText,
      path: ['editorDropboxLink'],
    }),
  );
