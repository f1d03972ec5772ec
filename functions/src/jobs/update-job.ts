import { getJob } from '../data/jobs.ts';
import { writeJobChange } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, jobNotFound } from './access.ts';
import { planManagerUpdate } from './transitions.ts';
import { expireCheckoutOnCancel } from './checkout-on-cancel.ts';
import { jobFor } from './job-view.ts';

/**
 * `PUT api/jobs/{id}`: progress, instructions, the client's link, or cancellation (manager,
 * super-admin). Cancelling expires a card checkout still open for the job at Stripe.
 */
export const updateJobRoute: RouteImpl<'updateJob'> = async ({ params, body, caller, log }) => {
  const job = await getJob(params.id);
  if (!job) throw jobNotFound();
  const updated = await writeJobChange(job, planManagerUpdate(job, body), { actor: actorOf(caller!) });
  await expireCheckoutOnCancel(job, updated, log);
  return { job: await jobFor(caller!, updated) };
};
