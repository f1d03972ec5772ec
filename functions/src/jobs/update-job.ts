import { getJob } from '../data/jobs.ts';
import { writeJobChange } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, jobNotFound } from './access.ts';
import { planManagerUpdate } from './transitions.ts';
import { jobFor } from './job-view.ts';

/** `PUT api/jobs/{id}`: progress, instructions, the client's link, or cancellation (manager, super-admin). */
export const updateJobRoute: RouteImpl<'updateJob'> = async ({ params, body, caller }) => {
  const job = await getJob(params.id);
  if (!job) throw jobNotFound();
  const updated = await writeJobChange(job, planManagerUpdate(job, body), { actor: actorOf(caller!) });
  return { job: await jobFor(caller!, updated) };
};
