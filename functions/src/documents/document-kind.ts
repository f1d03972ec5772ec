import type { Job } from '@studio/shared/job';
import { isPaid } from '@studio/shared/payment';

/** A job's document: its invoice while unpaid, its receipt once paid. */
export function documentKind(job: Job): 'invoice' | 'receipt' {
  return isPaid(job.payment) ? 'receipt' : 'invoice';
}
