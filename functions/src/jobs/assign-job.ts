import { findAccount, staffRoleOf } from '../data/staff-accounts.ts';
import { getJob } from '../data/jobs.ts';
import { writeJobChange } from '../data/job-workflow.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, jobNotFound } from './access.ts';
import { planAssignment } from './transitions.ts';

export const notAnEditorMessage = 'Choose an enabled staff member with the EDITOR role.';

/** `PUT api/jobs/{id}/assign`: the target must be an enabled account whose role is EDITOR (spec §6). */
export const assignJobRoute: RouteImpl<'assignJob'> = async ({ params, body, caller }) => {
  const job = await getJob(params.id);
  if (!job) throw jobNotFound();
  const account = await findAccount(body.editorId);
  const role = account ? await staffRoleOf(account.username) : null;
  // The id must name the account by its `sub`; an e-mail finding the account is not accepted either.
  if (!account || account.id !== body.editorId || !account.enabled || role !== 'EDITOR') {
    throw new BadRequestError('The request is not valid.', [{ path: 'body.editorId', message: notAnEditorMessage }]);
  }
  return { job: await writeJobChange(job, planAssignment(job, account.id), { actor: actorOf(caller!) }) };
};
