import { getJob } from '../data/jobs.ts';
import { writeJobChange } from '../data/job-workflow.ts';
import type { RouteImpl } from '../lib/http.ts';
import { actorOf, assertJobPermission } from './access.ts';
import { planEditorUpdate } from './transitions.ts';
import { jobFor } from './job-view.ts';

/**
 * `PUT api/jobs/{id}/editor-update`: the delivery link and progress, by the editor the job is
 * assigned to. Anyone else's job is a 404, as if it did not exist; the write repeats the check.
 */
export const editorUpdateJobRoute: RouteImpl<'editorUpdateJob'> = async ({ params, body, caller }) => {
  const job = await assertJobPermission(caller!, await getJob(params.id), 'read');
  const updated = await writeJobChange(job, planEditorUpdate(job, body), {
    assignedTo: caller!.userId,
    actor: actorOf(caller!),
  });
  return { job: await jobFor(caller!, updated) };
};
