import { getJob } from '../data/jobs.ts';
import { writeJobChange } from '../data/job-workflow.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { lazy } from '../lib/lazy.ts';
import { actorOf, jobNotFound } from './access.ts';
import { planAssignment } from './transitions.ts';
import { jobFor } from './job-view.ts';

// The Cognito client, which no other job route needs, is evaluated on the first assignment only.
const editorAccount = lazy(() => import('./editor-account.ts'));

export const notAnEditorMessage = 'Choose an enabled staff member with the EDITOR role.';

/** `PUT api/jobs/{id}/assign`: the target must be an enabled account whose role is EDITOR (spec §6). */
export const assignJobRoute: RouteImpl<'assignJob'> = async ({ params, body, caller }) => {
  const job = await getJob(params.id);
  if (!job) throw jobNotFound();
  const { enabledEditor } = await editorAccount();
  const account = await enabledEditor(body.editorId);
  if (!account) {
    throw new BadRequestError('The request is not valid.', [{ path: 'body.editorId', message: notAnEditorMessage }]);
  }
  const assigned = await writeJobChange(job, planAssignment(job, account.id), { actor: actorOf(caller!) });
  return { job: await jobFor(caller!, assigned) };
};
