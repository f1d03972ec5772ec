import { useState } from 'react';
import type { Job } from '@studio/shared/job';
import { isPaid } from '@studio/shared/payment';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { apiErrorText, refusalReason, type ApiErrorTextOptions } from '../../../lib/api-error-text.ts';
import { useDeleteJob, useEditors, useStaffJobs, useUpdateJob } from '../api/staff-jobs.ts';
import { MarkPaidDialog, RefundDialog } from './payment-dialogs.tsx';
import { StaffJobDetails } from './staff-job-details.tsx';
import '../../../components/form.css';
import './staff-jobs.css';

export const jobUpdateMessages = {
  updated: 'Job updated successfully',
  failed: 'Failed to update job',
  empty: 'No matching jobs found',
  loadFailed: 'Failed to fetch jobs',
} as const;

/** `apiErrorText` options of a refused job change: 'Failed to update job: {the server's reason}'. */
export const jobUpdateFailure: ApiErrorTextOptions = { ...refusalReason, lead: `${jobUpdateMessages.failed}:` };

/** Whole numbers 0..100 only; anything else is refused before it reaches the server. */
export function parseProgress(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= 100 ? value : null;
}

function EditCard({
  job,
  editorName,
  onDone,
}: {
  job: Job;
  editorName: string;
  onDone: (ok: boolean, text: string) => void;
}) {
  const [progress, setProgress] = useState(String(job.progress));
  const [error, setError] = useState<string | undefined>(undefined);
  const [paying, setPaying] = useState<'mark-paid' | 'refund' | null>(null);
  const update = useUpdateJob();
  const remove = useDeleteJob();
  const { user } = useStaffSession();
  const confirm = useConfirm();
  const headingId = `edit-${job.id}`;
  const closed = job.status === 'CANCELLED';
  return (
    <li className="staff-card staff-job" aria-labelledby={headingId}>
      <h2 id={headingId}>{job.serviceName}</h2>
      <StaffJobDetails job={job} editorName={editorName} invoice />
      <PaymentActions job={job} role={user?.role} open={setPaying} />
      {paying === 'mark-paid' && (
        <MarkPaidDialog
          job={job}
          onClose={() => setPaying(null)}
          onDone={() => {
            setPaying(null);
            onDone(true, 'Payment recorded: the job is paid.');
          }}
        />
      )}
      {paying === 'refund' && (
        <RefundDialog
          job={job}
          onClose={() => setPaying(null)}
          onDone={() => {
            setPaying(null);
            onDone(true, 'Refund sent to Stripe; the job shows it once Stripe confirms.');
          }}
        />
      )}
      {closed && user?.role === 'SUPER_ADMIN' && (
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
              if (deleted) onDone(true, 'Job deleted.');
            }}
          >
            Delete job
          </button>
        </div>
      )}
      {!closed && (
        <form
          className="staff-job__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = parseProgress(progress);
            if (value === null) {
              setError('Enter a whole number from 0 to 100.');
              return;
            }
            setError(undefined);
            update.mutate(
              { id: job.id, body: { progress: value } },
              {
                onSuccess: () => onDone(true, jobUpdateMessages.updated),
                onError: (cause) => onDone(false, apiErrorText(cause, jobUpdateMessages.failed, jobUpdateFailure)),
              },
            );
          }}
        >
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
              error={error}
              onChange={(event) => setProgress(event.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </button>
          </div>
          {job.status !== 'COMPLETED' && (
            <button
              type="button"
              className="button button--secondary"
              disabled={update.isPending}
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
                if (cancelled) onDone(true, jobUpdateMessages.updated);
              }}
            >
              Cancel job
            </button>
          )}
        </form>
      )}
    </li>
  );
}

/**
 * The payment's actions (#16): MANAGER and SUPER_ADMIN mark a transfer received; SUPER_ADMIN
 * refunds a card payment. The server enforces both; these only hide what would be refused.
 */
function PaymentActions({
  job,
  role,
  open,
}: {
  job: Job;
  role: string | undefined;
  open: (action: 'mark-paid' | 'refund') => void;
}) {
  const payment = job.payment;
  const mayMarkPaid = job.status !== 'CANCELLED' && !isPaid(payment) && (role === 'MANAGER' || role === 'SUPER_ADMIN');
  const mayRefund =
    role === 'SUPER_ADMIN' &&
    payment?.provider === 'stripe' &&
    (payment.status === 'PAID' || payment.status === 'PARTIALLY_REFUNDED');
  if (!mayMarkPaid && !mayRefund) return null;
  return (
    <div className="staff-job__form staff-job__payment-actions">
      {mayMarkPaid && (
        <button type="button" className="button button--secondary" onClick={() => open('mark-paid')}>
          Mark paid
        </button>
      )}
      {mayRefund && (
        <button type="button" className="button button--secondary" onClick={() => open('refund')}>
          Refund
        </button>
      )}
    </div>
  );
}

/** Spec §5: jobs are searched by title or description: here service, subservices and instructions. */
export function matchesJob(job: Job, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [job.serviceName, job.instructions, ...job.subServices.map((s) => s.name)].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** `/edit-job`: every job as a card with inline progress 0-100 and cancellation. */
export function EditJobs() {
  const [unpaidOnly, setUnpaidOnly] = useState(false);
  const jobs = useStaffJobs(unpaidOnly ? 'unpaid' : 'all');
  // Names for the cards; a job whose editor left shows the id's start instead.
  const editors = useEditors();
  const [search, setSearch] = useState('');
  const { notice, show, dismiss } = useTimedNotice();
  if (jobs.isPending) return <p role="status">Loading...</p>;
  if (jobs.isError) {
    return (
      <p className="form__alert" role="alert">
        {jobUpdateMessages.loadFailed}
      </p>
    );
  }
  const list = jobs.data.pages.flatMap((page) => page.jobs).filter((job) => matchesJob(job, search));
  return (
    <>
      <Notice notice={notice} onDismiss={dismiss} />
      <div className="staff-toolbar">
        <FormField
          label="Search jobs"
          name="search"
          type="search"
          placeholder="Service, subservice or instructions"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="form__check">
          <input type="checkbox" checked={unpaidOnly} onChange={(event) => setUnpaidOnly(event.target.checked)} />
          <span>Unpaid only</span>
        </label>
      </div>
      {list.length === 0 ? (
        <p className="staff-empty">{jobUpdateMessages.empty}</p>
      ) : (
        <ul className="staff-jobs" aria-label="Jobs">
          {list.map((job) => (
            <EditCard
              key={`${job.id}-${job.updatedAt}`}
              job={job}
              editorName={
                job.editorId
                  ? (editors.data?.find((e) => e.id === job.editorId)?.username ?? job.editorId.slice(0, 8))
                  : 'Unassigned'
              }
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
