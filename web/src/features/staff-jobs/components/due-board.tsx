import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { byDueTime, isOpenWork } from '../../../lib/job-due.ts';
import { useJobPages } from '../api/list-jobs.ts';
import { clientColumn, dueColumn, jobNumberColumn, progressColumn, statusColumn } from './job-columns.tsx';
import { JobCard, JobCardList } from './job-card.tsx';
import { jobUpdateMessages } from './job-messages.ts';
import './staff-jobs.css';

const boardColumns = [jobNumberColumn, statusColumn, dueColumn, progressColumn, clientColumn];

/**
 * `/manager`'s board (#17): the jobs the studio still owes work on, by due time, the most overdue
 * first, with the time left; delivered, approved and cancelled jobs are left out. Due times move on `/edit-job`.
 *
 * The board orders the jobs it has read, newest first a page at a time (`GET api/jobs`): while the
 * server holds older jobs, an older open job could belong above these, and the board says so next
 * to "Load more" rather than let the order pass for complete (docs/decisions.md).
 */
export function DueBoard() {
  const jobs = useJobPages({ unassigned: false, search: '' });
  return (
    <section className="staff-due-board" aria-labelledby="due-board-heading">
      <h2 id="due-board-heading">Jobs by due time</h2>
      <QueryState
        query={jobs}
        loading="Loading jobs..."
        error={jobUpdateMessages.loadFailed}
        isEmpty={(data) => data.pages.every((page) => page.jobs.length === 0)}
        empty="No jobs yet."
      >
        {(data) => {
          const read = data.pages.flatMap((page) => page.jobs);
          const open = byDueTime(read).filter(isOpenWork);
          const newest = read.length === 1 ? 'the newest job' : `the ${read.length} newest jobs`;
          return (
            <>
              {open.length === 0 ? (
                <p>{jobs.hasNextPage ? `No open jobs among ${newest}.` : 'No open jobs.'}</p>
              ) : (
                <JobCardList label="Open jobs by due time" jobs={open}>
                  {(job) => (
                    <JobCard key={job.id} job={job} columns={boardColumns} idPrefix="due">
                      <Link to={paths.editJob}>Edit job details</Link>
                    </JobCard>
                  )}
                </JobCardList>
              )}
              {jobs.hasNextPage && (
                <p className="staff-due-board__partial">
                  Ordered among {newest}. Older jobs still open appear in order once loaded.
                </p>
              )}
            </>
          );
        }}
      </QueryState>
      <LoadMore query={jobs} label="Load more jobs" />
    </section>
  );
}
