import { useState } from 'react';
import { maxDueReasonLength, maxInstructionsLength, moveDueBodySchema, type Job } from '@studio/shared/job';
import { canMoveJob } from '@studio/shared/job-workflow';
import { isPaid } from '@studio/shared/payment';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAssignJob } from '../api/assign-job.ts';
import { useMoveJobDue } from '../api/move-job-due.ts';
import { useDeleteJob } from '../api/delete-job.ts';
import type { Editor } from '../api/list-editors.ts';
import { useUpdateJob } from '../api/update-job.ts';
import { JobCard } from './job-card.tsx';
import { imagesDelivered, ProgressRow } from './progress-row.tsx';
import { CancellationDecision, CurrentRevision } from './job-lifecycle.tsx';
import { jobDetailsFormSchema } from './job-form-schemas.ts';
import { jobUpdateFailure, jobUpdateMessages } from './job-messages.ts';
import { MarkPaidDialog, RefundDialog } from './payment-dialogs.tsx';

type Show = (notice: NoticeState) => void;

/**
 * "Edit Job Details" (issue 15): what the API lets staff change. Instructions, the client's link
 * and progress 0-100 (spec: "progress edited inline") go to `PUT /api/jobs/{id}`, the editor
 * through the assign route; only what changed is sent, the editor first. Cancel job asks first.
 */
function JobDetailsForm({ job, editors, show }: { job: Job; editors: readonly Editor[]; show: Show }) {
  const update = useUpdateJob();
  const assign = useAssignJob();
  const confirm = useConfirm();
  const form = useSchemaForm({
    schema: jobDetailsFormSchema,
    initialValues: {
      progress: String(job.progress),
      instructions: job.instructions,
      dropboxLink: job.dropboxLink ?? '',
      editorId: '',
    },
    numbers: ['progress'],
    labels: {
      progress: 'Progress',
      instructions: 'Instructions',
      dropboxLink: 'Client photos link',
      editorId: 'Editor',
    },
    // An empty link or editor choice is no change: the API cannot remove a link, and unassigning
    // is not a route.
    toBody: ({ dropboxLink, editorId, ...rest }) => ({
      ...rest,
      ...(typeof dropboxLink === 'string' && dropboxLink.trim() ? { dropboxLink: dropboxLink.trim() } : {}),
      ...(editorId ? { editorId } : {}),
    }),
  });
  const busy = form.submitting || update.isPending || assign.isPending;
  const currentEditor = job.editorId
    ? (editors.find((editor) => editor.id === job.editorId)?.username ?? job.editorId.slice(0, 8))
    : 'Not assigned';
  return (
    <form
      className="staff-job__form"
      noValidate
      onSubmit={form.handleSubmit(
        async ({ editorId, ...details }) => {
          const body = {
            ...(details.progress !== job.progress ? { progress: details.progress } : {}),
            ...(details.instructions !== undefined && details.instructions !== job.instructions
              ? { instructions: details.instructions }
              : {}),
            ...(details.dropboxLink && details.dropboxLink !== job.dropboxLink
              ? { dropboxLink: details.dropboxLink }
              : {}),
          };
          if (editorId && editorId !== job.editorId) await assign.mutateAsync({ id: job.id, body: { editorId } });
          if (Object.keys(body).length > 0) await update.mutateAsync({ id: job.id, body });
          show({ kind: 'success', text: jobUpdateMessages.updated });
        },
        { failureText: jobUpdateMessages.failed, errorOptions: jobUpdateFailure },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <Field label="Instructions" error={form.errors.instructions}>
        {(control) => <textarea {...control} {...form.control('instructions')} maxLength={maxInstructionsLength} />}
      </Field>
      <FormField label="Client photos link" type="url" placeholder="https://" {...form.field('dropboxLink')} />
      {/* A delivered or completed job keeps its editor (the assign route refuses it, #17). */}
      {job.status !== 'COMPLETED' && job.status !== 'DELIVERED' && (
        <Field label="Editor" error={form.errors.editorId}>
          {(control) => (
            <select {...control} {...form.control('editorId')}>
              <option value="">{currentEditor}</option>
              {editors
                .filter((editor) => editor.id !== job.editorId)
                .map((editor) => (
                  <option key={editor.id} value={editor.id}>
                    {editor.username || editor.email} ({editor.email})
                  </option>
                ))}
            </select>
          )}
        </Field>
      )}
      <ProgressRow
        field={form.field('progress')}
        sending={form.submitting}
        disabled={busy}
        label="Save"
        busyLabel="Saving..."
        images={imagesDelivered(job)}
      />
      {canMoveJob(job.status, 'CANCELLED') && (
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

/** A `datetime-local` value (the reader's zone) as an ISO instant; undefined when it names none. */
function isoOfLocal(value: string): string | undefined {
  const when = value ? new Date(value) : null;
  return when && !Number.isNaN(when.getTime()) ? when.toISOString() : undefined;
}

/** `2026-11-25T12:00:00.000Z` as a `datetime-local` value in the reader's zone. */
function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Moving a job's due time (#17, MANAGER and SUPER_ADMIN): the new time, in the reader's zone,
 * and the reason, which the job's history keeps; the client and the editor are e-mailed.
 */
function MoveDueForm({ job, show }: { job: Job; show: Show }) {
  const move = useMoveJobDue();
  const form = useSchemaForm({
    schema: moveDueBodySchema,
    initialValues: { dueAt: job.dueAt ? localInputValue(job.dueAt) : '', reason: '' },
    // The input's local time, as the instant the server stores.
    toBody: ({ dueAt, reason }) => ({ dueAt: isoOfLocal(String(dueAt)), reason }),
    check: ({ dueAt }) => (isoOfLocal(dueAt) ? {} : { dueAt: 'Choose the new due time.' }),
  });
  const submit = form.handleSubmit(
    async (body) => {
      await move.mutateAsync({ id: job.id, body });
      form.reset({ ...form.values, reason: '' });
      show({ kind: 'success', text: 'Due time moved; the client and the editor are told.' });
    },
    { failureText: 'Failed to move the due time.', refusedFields: 'failure' },
  );
  return (
    <form
      className="staff-job__form staff-job__due-form"
      noValidate
      aria-label={`Move the due time of ${job.jobNumber ?? job.serviceName}`}
      onSubmit={(event) => void submit(event)}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="New due time" type="datetime-local" {...form.field('dueAt')} />
      <Field label="Reason for moving it" error={form.errors.reason}>
        {(control) => <textarea {...control} maxLength={maxDueReasonLength} {...form.control('reason')} />}
      </Field>
      <button type="submit" className="button button--secondary" disabled={form.submitting}>
        {form.submitting ? 'Moving...' : 'Move due time'}
      </button>
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

/**
 * The payment's actions (#16): MANAGER and SUPER_ADMIN mark a transfer received; SUPER_ADMIN
 * refunds a card payment. Each opens its dialog (the shared `Dialog`, a `useSchemaForm` form). The
 * server enforces both; these only hide what would be refused.
 */
function PaymentActions({ job, show }: { job: Job; show: Show }) {
  const { user } = useStaffSession();
  const [open, setOpen] = useState<'mark-paid' | 'refund' | null>(null);
  const role = user?.role;
  const payment = job.payment;
  const mayMarkPaid = job.status !== 'CANCELLED' && !isPaid(payment) && (role === 'MANAGER' || role === 'SUPER_ADMIN');
  const mayRefund =
    role === 'SUPER_ADMIN' &&
    payment?.provider === 'stripe' &&
    (payment.status === 'PAID' || payment.status === 'PARTIALLY_REFUNDED');
  if (!mayMarkPaid && !mayRefund) return null;
  const close = () => setOpen(null);
  return (
    <div className="staff-job__form staff-job__payment-actions">
      {mayMarkPaid && (
        <button type="button" className="button button--secondary" onClick={() => setOpen('mark-paid')}>
          Mark paid
        </button>
      )}
      {mayRefund && (
        <button type="button" className="button button--secondary" onClick={() => setOpen('refund')}>
          Refund
        </button>
      )}
      {open === 'mark-paid' && (
        <MarkPaidDialog
          job={job}
          onClose={close}
          onDone={() => {
            close();
            show({ kind: 'success', text: 'Payment recorded: the job is paid.' });
          }}
        />
      )}
      {open === 'refund' && (
        <RefundDialog
          job={job}
          onClose={close}
          onDone={() => {
            close();
            show({ kind: 'success', text: 'Refund sent to Stripe; the job shows it once Stripe confirms.' });
          }}
        />
      )}
    </div>
  );
}

/**
 * One job of `/edit-job`: its facts, its payment's actions, then its details and cancellation, or
 * deletion once cancelled.
 */
export function EditJobCard({
  job,
  columns,
  editors,
  show,
}: {
  job: Job;
  columns: readonly DataColumn<Job>[];
  /** The editors a job can be given to (the page reads them once for every card). */
  editors: readonly Editor[];
  show: Show;
}) {
  const { user } = useStaffSession();
  const closed = job.status === 'CANCELLED';
  return (
    <JobCard job={job} columns={columns} idPrefix="edit">
      <CurrentRevision job={job} showBilling />
      <CancellationDecision job={job} show={show} />
      <PaymentActions job={job} show={show} />
      {closed && user?.role === 'SUPER_ADMIN' && <DeleteJobButton job={job} show={show} />}
      {!closed && <JobDetailsForm job={job} editors={editors} show={show} />}
      {!closed && job.status !== 'COMPLETED' && (
        <details className="staff-job__due-move">
          <summary>Move due time</summary>
          <MoveDueForm job={job} show={show} />
        </details>
      )}
    </JobCard>
  );
}
