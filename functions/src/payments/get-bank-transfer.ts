import { jobReference, mayStillPay } from '@studio/shared/payment';
import { getJob } from '../data/jobs.ts';
import { getStudioSettings } from '../data/settings.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { assertJobPermission } from '../jobs/access.ts';

/**
 * `GET api/jobs/{id}/payment/bank-transfer` (the job's client): whom to pay, the studio's bank
 * details, the amount and the reference to write on the transfer (the job's reference).
 */
export const getBankTransferRoute: RouteImpl<'getBankTransfer'> = async ({ params, caller }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'order');
  if (!mayStillPay(job)) throw new ConflictError('This job has nothing left to pay.');
  const settings = await getStudioSettings();
  return {
    payee: settings.legalName,
    bankDetails: settings.bankDetails,
    reference: jobReference(job),
    amountCents: job.totalCents,
    currency: job.currency,
  };
};
