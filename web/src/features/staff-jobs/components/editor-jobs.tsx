import type { Job } from '@studio/shared/job';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice, type NoticeState } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useEditorUpdateJob } from '../api/editor-update-job.ts';
import { useAssignedJobs } from '../api/list-assigned-jobs.ts';
import { editorPageColumns } from './job-columns.tsx';
import { JobCard, JobCardList } from './job-card.tsx';
import { ImagesProgress, imagesDelivered, ProgressRow } from './progress-row.tsx';
import { CurrentRevision } from './job-lifecycle.tsx';
import { deliverNeedsText, editorFormSchema } from './job-form-schemas.ts';
import { jobUpdateFailure, jobUpdateMessages } from './job-messages.ts';
import '../../../components/form.css';
import './staff-jobs.css';

/** Who a job goes to, in the editor's words: the client's name (the editor never sees the e-mail). */
function clientOf(job: Job): string {
  return job.client?.name ?? 'the client';
}

/** The confirmation's account of what delivering sends: the finished files and the link. */
export function deliveryText(job: Job, link: string): string {
  const files = job.deliverableCount;
  const parts = [
    ...(files > 0 ? [`${files} finished file${files === 1 ? '' : 's'}`] : []),
    ...(link ? ['the delivery link'] : []),
  ];
  return `${clientOf(job)} is told the work is ready and gets ${parts.join(' and ')}. The job moves to Delivered and waits for the client's approval.`;
}

/**
 * The delivery link and progress of one assigned job, and the delivery itself: progress is for
 * work in progress (up to 99 %); "Deliver" sends the job to the client, after a confirmation that
 * names the client and what they get. An empty link is not sent (kept as stored).
 */
function EditorForm({ job, show }: { job: Job; show: (notice: NoticeState) => void }) {
  const update = useEditorUpdateJob();
  const confirm = useConfirm();
  const delivered = job.status === 'DELIVERED';
  const form = useSchemaForm({
    schema: editorFormSchema(job.deliverableCount > 0, delivered),
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
  const typedLink = String(form.values.editorDropboxLink).trim();
  const canDeliver = typedLink !== '' || job.deliverableCount > 0;

  async function deliver() {
    const done = await confirm({
      title: `Deliver ${job.jobNumber ?? 'this job'} to ${clientOf(job)}?`,
      message: deliveryText(job, typedLink),
      confirmLabel: 'Yes, deliver',
      busyLabel: 'Delivering...',
      failureText: jobUpdateMessages.failed,
      action: () =>
        update.mutateAsync({
          id: job.id,
          body: { progress: 100, ...(typedLink ? { editorDropboxLink: typedLink } : {}) },
        }),
    });
    if (done) show({ kind: 'success', text: `${job.jobNumber ?? 'The job'} was delivered to ${clientOf(job)}.` });
  }

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
      <ProgressRow
        field={form.field('progress')}
        max={delivered ? 100 : 99}
        sending={form.submitting}
        disabled={form.submitting || update.isPending}
        label="Update"
        busyLabel="Updating..."
      />
      {!delivered && (
        <div className="staff-job__deliver">
          <button
            type="button"
            className="button button--primary"
            disabled={!canDeliver || form.submitting || update.isPending}
            aria-describedby={canDeliver ? undefined : `deliver-hint-${job.id}`}
            onClick={() => void deliver()}
          >
            Deliver
          </button>
          {!canDeliver && (
            <p id={`deliver-hint-${job.id}`} className="form__hint">
              {deliverNeedsText}
            </p>
          )}
        </div>
      )}
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
      <Notice notice={notice} onDismiss={dismiss} toast />
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
