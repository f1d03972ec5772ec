import { getJob, recordPaymentChoice } from '../data/jobs.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound } from './access.ts';

/** `PUT api/jobs/{id}/payment`: records the owner's method and currency as a PENDING payment. */
export const choosePaymentRoute: RouteImpl<'choosePayment'> = async ({ params, body, caller }) => {
  const job = await getJob(params.id);
  if (!job || job.clientId !== caller!.userId) throw jobNotFound();
  if (job.payment?.status === 'PAID') throw new ConflictError('This job is paid already.');
  if (job.status === 'CANCELLED') throw new ConflictError('This job was cancelled; it cannot be paid.');
  return { job: await recordPaymentChoice(job.id, caller!.userId, body) };
};
