import { moveJobDue } from '../data/job-due.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound } from './access.ts';
import { jobFor } from './job-view.ts';

/**
 * `PUT api/jobs/{id}/due` (MANAGER, SUPER_ADMIN, #17): moves a job's due time, with a reason
 * kept in its history; the client and the assigned editor are told by e-mail.
 */
export const moveJobDueRoute: RouteImpl<'moveJobDue'> = async ({ params, body, caller }) => {
  const result = await moveJobDue(params.id, {
    dueAt: new Date(body.dueAt).toISOString(),
    reason: body.reason,
    actor: { kind: 'staff', id: caller!.userId, role: caller!.principal },
  });
  if (result.kind === 'not-found') throw jobNotFound();
  if (result.kind === 'closed') {
    throw new ConflictError(`This job is ${result.job.status.toLowerCase()}; its due time can no longer move.`);
  }
  return { job: await jobFor(caller!, result.job) };
};
