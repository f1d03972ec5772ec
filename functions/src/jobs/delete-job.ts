import { getJob } from '../data/jobs.ts';
import { deleteCancelledJob } from '../data/job-workflow.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound } from './access.ts';

/**
 * `DELETE api/jobs/{id}` (SUPER_ADMIN): only a CANCELLED job is deleted, so no open or delivered
 * work (and no payment record) disappears; cancel it first.
 */
export const deleteJobRoute: RouteImpl<'deleteJob'> = async ({ params }) => {
  const job = await getJob(params.id);
  if (!job) throw jobNotFound();
  if (job.status !== 'CANCELLED') throw new ConflictError('Only a cancelled job can be deleted; cancel it first.');
  await deleteCancelledJob(job);
  return { message: 'Job deleted.', id: job.id };
};
