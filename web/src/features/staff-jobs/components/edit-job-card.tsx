import type { Job } from '@studio/shared/job';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { checkFieldsText, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useDeleteJob } from '../api/delete-job.ts';
import { useUpdateJob } from '../api/update-job.ts';
import { JobCard } from './job-card.tsx';
import { progressFormSchema } from './job-form-schemas.ts';
import { jobUpdateFailure, jobUpdateMessages } from './job-messages.ts';

type Show = (notice: NoticeState) => void;

/** Progress 0-100, edited in place (spec: "progress edited inline"), and Cancel job, which asks first. */
function ProgressForm({ job, show }: { job: Job; show: Show }) {
  const update = useUpdateJob();
  const confirm = useConfirm();
  const form = useSchemaForm({
    schema: progressFormSchema,
    initialValues: { progress: String(job.progress) },
    numbers: ['progress'],
    labels: { progress: 'Progress' },
  });
  const busy = form.submitting || update.isPending;
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
      {form.formError && form.formError !== checkFieldsText && <FormAlert>{form.formError}</FormAlert>}
      <div className="staff-job__row">
        <FormField
          label="Progress (%)"
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          {...form.field('progress')}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {form.submitting ? 'Saving...' : 'Save'}
        </button>
      </div>
      {job.status !== 'COMPLETED' && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={async () => {
            // Cancelling is final: ask first (issue 14), then cancel inside the dialog.
            const cancelled = await confirm({
              title: 'Cancel this job?',
              message: 'A cancelled job can no longer change.',
              confirmLabel: 'Yes, cancel the job',
              cancelLabel: 'Keep the job',
              tone: 'danger',
              action: () => update.mutateAsync({ id: job.id, body: { status: 'CANCELLED' } }),
              failureText: jobUpdateMessages.failed,
              busyLabel: 'Cancelling...',
            });
            if (cancelled) show({ kind: 'success', text: jobUpdateMessages.updated });
          }}
        >
          Cancel job
        </button>
      )}
    </form>
  );
}

/** A cancelled job can be deleted for good, by a super-admin, after a confirmation. */
function DeleteJobButton({ job, show }: { job: Job; show: Show }) {
  const remove = useDeleteJob();
  const confirm = useConfirm();
  return (
    <div className="staff-job__form">
      <button
        type="button"
        className="button button--secondary"
        disabled={remove.isPending}
        onClick={async () => {
          const deleted = await confirm({
            title: 'Delete this job?',
            message: 'Delete this cancelled job for good?',
            confirmLabel: 'Yes, delete',
            tone: 'danger',
            action: () => remove.mutateAsync(job.id),
            failureText: 'Error deleting job.',
            busyLabel: 'Deleting...',
          });
          if (deleted) show({ kind: 'success', text: 'Job deleted.' });
        }}
      >
        Delete job
      </button>
    </div>
  );
}

/** One job of `/edit-job`: its facts, then progress and cancellation, or deletion once cancelled. */
export function EditJobCard({ job, columns, show }: { job: Job; columns: readonly DataColumn<Job>[]; show: Show }) {
  const { user } = useStaffSession();
  const closed = job.status === 'CANCELLED';
  return (
    <JobCard job={job} columns={columns} idPrefix="edit">
      {closed && user?.role === 'SUPER_ADMIN' && <DeleteJobButton job={job} show={show} />}
      {!closed && <ProgressForm job={job} show={show} />}
    </JobCard>
  );
}
