import { getJob, recordPaymentChoice } from '../data/jobs.ts';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { jobNotFound } from './access.ts';

/**
 * `PUT api/jobs/{id}/payment`: records the owner's method as a PENDING payment. A job is paid in
 * the currency it is priced in, so `currency` must be the job's (docs/decisions.md).
 */
export const choosePaymentRoute: RouteImpl<'choosePayment'> = async ({ params, body, caller }) => {
  const job = await getJob(params.id);
  if (!job || job.clientId !== caller!.userId) throw jobNotFound();
  if (job.payment?.status === 'PAID') throw new ConflictError('This job is paid already.');
  if (job.status === 'CANCELLED') throw new ConflictError('This job was cancelled; it cannot be paid.');
  if (body.currency !== job.currency) {
    throw new BadRequestError('The request is not valid.', [
      { path: 'body.currency', message: `This job is priced in ${job.currency}, so it is paid in ${job.currency}.` },
    ]);
  }
  return { job: await recordPaymentChoice(job.id, caller!.userId, body) };
};
