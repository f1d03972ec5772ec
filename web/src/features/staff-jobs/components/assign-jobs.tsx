import { useState } from 'react';
import type { Job } from '@studio/shared/job';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { useAssignJob, useEditors, useStaffJobs } from '../api/staff-jobs.ts';
import { StaffJobDetails } from './staff-job-details.tsx';
import '../../../components/form.css';
import './staff-jobs.css';

/** Spec §8 texts of the assign page. */
export const assignMessages = {
  chooseEditor: 'Please select an editor first.',
  assigned: 'Job assigned successfully!',
  failed: 'Failed to assign job.',
  loadFailed: 'Failed to load jobs or editors.',
  empty: 'No unassigned jobs available',
} as const;

function AssignCard({
  job,
  editors,
  onDone,
}: {
  job: Job;
  editors: { id: string; username: string; email: string }[];
  onDone: (ok: boolean, text: string) => void;
}) {
  const [editorId, setEditorId] = useState('');
  const assign = useAssignJob();
  const selectId = `editor-${job.id}`;
  const headingId = `assign-${job.id}`;
  return (
    <li className="staff-card staff-job" aria-labelledby={headingId}>
      <h2 id={headingId}>{job.serviceName}</h2>
      <StaffJobDetails job={job} invoice />
      <form
        className="staff-job__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!editorId) {
            onDone(false, assignMessages.chooseEditor);
            return;
          }
          assign.mutate(
            { id: job.id, editorId },
            {
              onSuccess: () => onDone(true, assignMessages.assigned),
              onError: (cause) => onDone(false, apiErrorText(cause, assignMessages.failed, refusalReason)),
            },
          );
        }}
      >
        <div className="staff-job__row">
          <div className="form__field">
            <label htmlFor={selectId}>Editor</label>
            <select id={selectId} value={editorId} onChange={(event) => setEditorId(event.target.value)}>
              <option value="">Choose an editor</option>
              {editors.map((editor) => (
                <option key={editor.id} value={editor.id}>
                  {editor.username || editor.email} ({editor.email})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--primary" disabled={assign.isPending}>
            {assign.isPending ? 'Assigning...' : 'Assign'}
          </button>
        </div>
      </form>
    </li>
  );
}

/** `/assign-job`: unassigned jobs (cancelled ones left out), each with a choice among the editors. */
export function AssignJobs() {
  const jobs = useStaffJobs('unassigned');
  const editors = useEditors();
  const { notice, show, dismiss } = useTimedNotice();
  const list = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];

  if (jobs.isPending || editors.isPending) return <p role="status">Loading...</p>;
  if (jobs.isError || editors.isError) {
    return (
      <p className="form__alert" role="alert">
        {assignMessages.loadFailed}
      </p>
    );
  }
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} />
      {editors.data.length === 0 && (
        <p className="form__alert" role="alert">
          There are no active editors to assign to. A super-admin can invite one on the Users page.
        </p>
      )}
      {list.length === 0 ? (
        <p className="staff-empty">{assignMessages.empty}</p>
      ) : (
        <ul className="staff-jobs" aria-label="Unassigned jobs">
          {list.map((job) => (
            <AssignCard
              key={job.id}
              job={job}
              editors={editors.data}
              onDone={(ok, text) => show({ kind: ok ? 'success' : 'error', text })}
            />
          ))}
        </ul>
      )}
      {jobs.hasNextPage && (
        <div className="staff-load-more">
          <button
            type="button"
            className="button button--secondary"
            disabled={jobs.isFetchingNextPage}
            onClick={() => void jobs.fetchNextPage()}
          >
            {jobs.isFetchingNextPage ? 'Loading...' : 'Load more jobs'}
          </button>
        </div>
      )}
    </>
  );
}
