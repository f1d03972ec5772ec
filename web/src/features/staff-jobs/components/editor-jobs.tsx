import { useState } from 'react';
import type { Job } from '@studio/shared/job';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useAssignedJobs, useEditorUpdate } from '../api/staff-jobs.ts';
import { jobUpdateFailure, jobUpdateMessages, parseProgress } from './edit-jobs.tsx';
import { StaffJobDetails } from './staff-job-details.tsx';
import '../../../components/form.css';
import './staff-jobs.css';

function EditorCard({ job, onDone }: { job: Job; onDone: (ok: boolean, text: string) => void }) {
  const [progress, setProgress] = useState(String(job.progress));
  const [link, setLink] = useState(job.editorDropboxLink ?? '');
  const [errors, setErrors] = useState<{ progress?: string; link?: string }>({});
  const update = useEditorUpdate();
  const headingId = `editor-job-${job.id}`;
  return (
    <li className="staff-card staff-job" aria-labelledby={headingId}>
      <h2 id={headingId}>{job.serviceName}</h2>
      <StaffJobDetails job={job} />
      {job.status !== 'CANCELLED' && (
        <form
          className="staff-job__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = parseProgress(progress);
            const trimmed = link.trim();
            const next = {
              progress: value === null ? 'Enter a whole number from 0 to 100.' : undefined,
              link:
                trimmed && !/^https?:\/\/\S+$/i.test(trimmed)
                  ? 'Enter the full link, starting with https://'
                  : undefined,
            };
            if (!next.progress && value === 100 && !trimmed) next.link = 'Add the delivery link before setting 100 %.';
            setErrors(next);
            if (next.progress || next.link || value === null) return;
            update.mutate(
              { id: job.id, body: { progress: value, ...(trimmed ? { editorDropboxLink: trimmed } : {}) } },
              {
                onSuccess: () => onDone(true, jobUpdateMessages.updated),
                onError: (cause) => onDone(false, apiErrorText(cause, jobUpdateMessages.failed, jobUpdateFailure)),
              },
            );
          }}
        >
          <FormField
            label="Delivery link"
            name="editorDropboxLink"
            type="url"
            placeholder="https://"
            value={link}
            error={errors.link}
            onChange={(event) => setLink(event.target.value)}
          />
          <div className="staff-job__row">
            <FormField
              label="Progress (%)"
              name="progress"
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              value={progress}
              error={errors.progress}
              onChange={(event) => setProgress(event.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update'}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

/** `/editor`: the jobs assigned to the signed-in editor, with the delivery link and progress. */
export function EditorJobs() {
  const jobs = useAssignedJobs();
  const { notice, show, dismiss } = useTimedNotice();
  if (jobs.isPending) return <p role="status">Loading...</p>;
  if (jobs.isError) {
    return (
      <p className="form__alert" role="alert">
        {jobUpdateMessages.loadFailed}
      </p>
    );
  }
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} />
      {jobs.data.length === 0 ? (
        <p className="staff-empty">No jobs are assigned to you yet.</p>
      ) : (
        <ul className="staff-jobs" aria-label="Your assigned jobs">
          {jobs.data.map((job) => (
            <EditorCard
              key={`${job.id}-${job.updatedAt}`}
              job={job}
              onDone={(ok, text) => show({ kind: ok ? 'success' : 'error', text })}
            />
          ))}
        </ul>
      )}
    </>
  );
}
