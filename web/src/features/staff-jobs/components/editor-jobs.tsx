import type { Job } from '@studio/shared/job';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice, type NoticeState } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useEditorUpdateJob } from '../api/editor-update-job.ts';
import { useAssignedJobs } from '../api/list-assigned-jobs.ts';
import { editorPageColumns } from './job-columns.tsx';
import { JobCard, JobCardList } from './job-card.tsx';
import { ImagesProgress, imagesDelivered, ProgressRow } from './progress-row.tsx';
import { CurrentRevision } from './job-lifecycle.tsx';
import { editorFormSchema } from './job-form-schemas.ts';
import { jobUpdateFailure, jobUpdateMessages } from './job-messages.ts';
import '../../../components/form.css';
import './staff-jobs.css';

/** The delivery link and progress of one assigned job. An empty link is not sent (kept as stored). */
function EditorForm({ job, show }: { job: Job; show: (notice: NoticeState) => void }) {
  const update = useEditorUpdateJob();
  const form = useSchemaForm({
    schema: editorFormSchema(job.deliverableCount > 0),
    initialValues: { progress: String(job.progress), editorDropboxLink: job.editorDropboxLink ?? '' },
    numbers: ['progress'],
    labels: { progress: 'Progress', editorDropboxLink: 'Delivery link' },
    toBody: ({ progress, editorDropboxLink }) => ({
      progress,
      ...(typeof editorDropboxLink === 'string' && editorDropboxLink.trim()
        ? { editorDropboxLink: editorDropboxLink.trim() }
        : {}),
    }),
  });
  return (
    <form
      className="staff-job__form"
      noValidate
      onSubmit={form.handleSubmit(
        async (body) => {
          await update.mutateAsync({ id: job.id, body });
          show({ kind: 'success', text: jobUpdateMessages.updated });
        },
        { failureText: jobUpdateMessages.failed, errorOptions: jobUpdateFailure },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="Delivery link" type="url" placeholder="https://" {...form.field('editorDropboxLink')} />
      <ProgressRow field={form.field('progress')} sending={form.submitting} label="Update" busyLabel="Updating..." />
    </form>
  );
}

/**
 * What an editor does on a job's card: a job sent as a link gets the delivery link and progress;
 * a job with images (#33) is delivered image by image on its page, and its progress follows them.
 */
function EditorWork({ job, show }: { job: Job; show: (notice: NoticeState) => void }) {
  const images = imagesDelivered(job);
  if (images) return <ImagesProgress {...images} />;
  return <EditorForm job={job} show={show} />;
}

/** `/editor`: the jobs assigned to the signed-in editor, with the delivery link and progress. */
export function EditorJobs() {
  const jobs = useAssignedJobs();
  const { notice, show, dismiss } = useTimedNotice();
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} />
      <QueryState
        query={jobs}
        loading="Loading jobs..."
        error={jobUpdateMessages.loadFailed}
        empty="No jobs are assigned to you yet."
      >
        {(list) => (
          <JobCardList label="Your assigned jobs" jobs={list}>
            {(job) => (
              <JobCard key={`${job.id}-${job.updatedAt}`} job={job} columns={editorPageColumns} idPrefix="editor-job">
                <CurrentRevision job={job} />
                {job.status !== 'CANCELLED' && job.status !== 'COMPLETED' && <EditorWork job={job} show={show} />}
              </JobCard>
            )}
          </JobCardList>
        )}
      </QueryState>
    </>
  );
}
