import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { isOpenWork } from '../../../lib/job-due.ts';
import { useJobPages } from '../api/list-jobs.ts';
import { useMemo } from 'react';
import { useEditors } from '../api/list-editors.ts';
import {
  cancellationColumn,
  clientColumn,
  dueColumn,
  editorColumn,
  jobNumberColumn,
  progressColumn,
  statusColumn,
} from './job-columns.tsx';
import { JobCard, JobCardList } from './job-card.tsx';
import { jobUpdateMessages } from './job-messages.ts';
import './staff-jobs.css';

/**
 * `/manager`'s board (#17): the jobs the studio still owes work on, by due time, the most overdue
 * first, with the time left, then those with no due time yet (unpaid); delivered, approved and
 * cancelled jobs are left out. Due times move on `/edit-job`.
 *
 * The server keeps the open jobs in this order (`GET api/jobs?open=true`, an index of open jobs by
 * due time), so the first page is the top of the board however old a job is, and "Load more" goes
 * on down it. `JobCardList` orders the cards as on every board, which keeps the server's order.
 */
export function DueBoard() {
  const jobs = useJobPages({ unassigned: false, open: true, search: '' });
  // Who works on each job: names once they load, the id's start meanwhile.
  const editors = useEditors();
  const columns = useMemo(
    () => [
      jobNumberColumn,
      statusColumn,
      cancellationColumn,
      dueColumn,
      progressColumn,
      editorColumn((id) => editors.data?.find((editor) => editor.id === id)?.username),
      clientColumn,
    ],
    [editors.data],
  );
  return (
    <section className="staff-due-board" aria-labelledby="due-board-heading">
      <h2 id="due-board-heading">Jobs by due time</h2>
      <QueryState
        query={jobs}
        loading="Loading jobs..."
        error={jobUpdateMessages.loadFailed}
        isEmpty={(data) => !data.pages.some((page) => page.jobs.some(isOpenWork))}
        empty="No open jobs."
      >
        {(data) => (
          <JobCardList label="Open jobs by due time" jobs={data.pages.flatMap((page) => page.jobs).filter(isOpenWork)}>
            {(job) => (
              <JobCard key={job.id} job={job} columns={columns} idPrefix="due">
                <Link to={paths.editJob}>Edit job details</Link>
              </JobCard>
            )}
          </JobCardList>
        )}
      </QueryState>
      <LoadMore query={jobs} label="Load more jobs" />
    </section>
  );
}
