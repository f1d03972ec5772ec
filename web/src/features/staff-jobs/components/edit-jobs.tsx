import { useMemo, useState } from 'react';
import type { JobNeedsKey } from '@studio/shared/studio-overview';
import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { Field } from '../../../components/form-field.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useEditors } from '../api/list-editors.ts';
import { useJobPages } from '../api/list-jobs.ts';
import { editPageColumns } from './job-columns.tsx';
import { JobCardList } from './job-card.tsx';
import { EditJobCard } from './edit-job-card.tsx';
import { jobUpdateMessages } from './job-messages.ts';
import { needsListTitles } from './needs-lists.ts';
import '../../../components/form.css';
import './staff-jobs.css';

/**
 * `/edit-job`: every job as a card with inline progress 0-100 and cancellation. The search is
 * sent to the server after a pause in typing, which searches every job it holds by title
 * (service, subservices) or description (instructions); "Unpaid only" (#16) asks the server for
 * the jobs still to be paid, searched the same way; 100 jobs a page, then "Load more". "Find a
 * job" (#40) finds jobs by number, client name or e-mail through the server's search index; it
 * combines with the other two. With `needs` (#40, item 9; `/edit-job?needs=overdue`) it lists the
 * jobs behind one count of the dashboard's "Needs action" instead, in that list's order.
 */
export function EditJobs({ needs }: { needs?: JobNeedsKey } = {}) {
  const [text, setText] = useState('');
  const [findText, setFindText] = useState('');
  const [unpaidOnly, setUnpaidOnly] = useState(false);
  const search = useDebouncedValue(text.trim());
  const found = useDebouncedValue(findText.trim());
  // The server needs two characters to find anything; fewer is no search yet.
  const q = found.length >= 2 ? found : '';
  const jobs = useJobPages(
    needs ? { unassigned: false, search: '', needs } : { unassigned: false, unpaid: unpaidOnly, search, q },
  );
  // Names for the cards' Editor line and choice; while they load (or if they fail) the id's start
  // stands in and no other editor is offered.
  const editors = useEditors();
  const columns = useMemo(
    () => editPageColumns((id) => editors.data?.find((editor) => editor.id === id)?.username),
    [editors.data],
  );
  const { notice, show, dismiss } = useTimedNotice();
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} toast />
      {needs ? (
        <p className="staff-jobs__needs">
          {needsListTitles[needs].explanation} <Link to={paths.editJob}>Show all jobs</Link>
        </p>
      ) : (
        <div className="form staff-toolbar">
          <Field label="Find a job" hint="A job number (RS-2026-0007), or the client's name or e-mail.">
            {(control) => (
              <input
                {...control}
                type="search"
                maxLength={100}
                placeholder="Job number, client name or e-mail"
                value={findText}
                onChange={(event) => setFindText(event.target.value)}
              />
            )}
          </Field>
          <Field label="Search jobs" hint="Searches every job by service, subservice or instructions.">
            {(control) => (
              <input
                {...control}
                type="search"
                maxLength={100}
                placeholder="Service, subservice or instructions"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </Field>
          <label className="form__check">
            <input type="checkbox" checked={unpaidOnly} onChange={(event) => setUnpaidOnly(event.target.checked)} />
            <span>Unpaid only</span>
          </label>
        </div>
      )}
      <p className="staff-jobs__status" role="status">
        {jobs.isPlaceholderData ? 'Searching...' : ''}
      </p>
      <QueryState
        query={jobs}
        loading="Loading jobs..."
        error={jobUpdateMessages.loadFailed}
        isEmpty={(data) => data.pages.every((page) => page.jobs.length === 0)}
        empty={
          needs
            ? 'Nothing here: no job needs this now.'
            : search || unpaidOnly || q
              ? jobUpdateMessages.empty
              : 'No jobs yet.'
        }
      >
        {(data) => (
          <JobCardList label="Jobs" jobs={data.pages.flatMap((page) => page.jobs)}>
            {(job) => (
              <EditJobCard
                key={`${job.id}-${job.updatedAt}`}
                job={job}
                columns={columns}
                editors={editors.data ?? []}
                show={show}
              />
            )}
          </JobCardList>
        )}
      </QueryState>
      <LoadMore query={jobs} label="Load more jobs" />
    </>
  );
}
