import type { Job } from '@studio/shared/job';
import { revisionName } from '@studio/shared/job-lifecycle';
import type { CancellationRefund } from '@studio/shared/job-lifecycle';
import { formatCents } from '@studio/shared/money';
import { isPaid } from '@studio/shared/payment';
import { JobTimeline } from '../../../components/job-timeline.tsx';
import type { NoticeState } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RevisionRounds } from '../../../components/revision-rounds.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useDecideCancellation } from '../api/decide-cancellation.ts';
import { useStaffTimeline } from '../api/get-timeline.ts';
import { useRevisionRequests } from '../api/list-revision-requests.ts';
import './staff-jobs.css';

/*
 * The job lifecycle on the staff console (#17): what the client asked for in the round being
 * worked on (editor and manager cards), a client's cancellation request to decide (manager
 * cards), and the whole timeline with every round (the job's page, /job-files/{id}).
 */

/**
 * On a job's card: while a revision round is open or was delivered, its number, the client's
 * notes and reference images, and (for managers) whether it is billable.
 *
 * The request is read after the card is drawn, so its box has one height whether it is loading,
 * failed or shown (a longer request scrolls inside it, the whole of it is on the job's page): the
 * cards below do not move when it arrives, under a pointer about to press their buttons.
 */
export function CurrentRevision({ job, showBilling = false }: { job: Job; showBilling?: boolean }) {
  const round = job.round ?? 1;
  const revisions = useRevisionRequests(job.id, round > 1);
  const name = revisionName(round);
  if (!name || job.status === 'COMPLETED' || job.status === 'CANCELLED') return null;
  return (
    <section className="staff-job__revision" aria-label={`${name} of ${job.jobNumber ?? job.serviceName}`}>
      <h3>{name}</h3>
      {/* Focusable: a request longer than the box is scrolled by keyboard too. */}
      <div
        className="staff-job__revision-request"
        tabIndex={0}
        role="group"
        aria-label={`Request of ${name.toLowerCase()}`}
      >
        {revisions.data ? (
          <RevisionRounds revisions={revisions.data} only={round} showBilling={showBilling} />
        ) : (
          <p className="form__hint">{revisions.isError ? 'Failed to load the request.' : 'Loading the request...'}</p>
        )}
      </div>
    </section>
  );
}

/** What accepting the cancellation does with the job's money (#40), as the confirmation says it. */
function moneyOnAccept(job: Job): string {
  const payment = job.payment;
  if (!payment || !isPaid(payment)) return 'Nothing was paid, so no money moves.';
  const left = (payment.received?.amountCents ?? job.totalCents) - payment.refundedCents;
  if (left <= 0) return 'Everything paid was refunded already.';
  const amount = formatCents(left, job.currency);
  return payment.provider === 'stripe'
    ? `${amount} is refunded to the client's card at once, and the client gets an e-mail and a credit note when Stripe confirms it.`
    : `${amount} was paid by transfer: send it back to the client the same way.`;
}

/**
 * A client's pending cancellation request (#17): accept (the job is cancelled; a card payment is
 * refunded through Stripe at once, #40) or decline (the work goes on). Both tell the client; after
 * accepting, the notice says what became of the money.
 */
export function CancellationDecision({ job, show }: { job: Job; show: (notice: NoticeState) => void }) {
  const decide = useDecideCancellation();
  const confirm = useConfirm();
  const request = job.cancellationRequest;
  if (request?.status !== 'PENDING' || job.status === 'CANCELLED') return null;
  const answer = (decision: 'ACCEPTED' | 'DECLINED') => {
    let refund: CancellationRefund | null = null;
    return confirm({
      title: decision === 'ACCEPTED' ? 'Cancel this job?' : 'Decline the cancellation?',
      message:
        decision === 'ACCEPTED'
          ? `The job is cancelled for good and the client is told. ${moneyOnAccept(job)}`
          : 'The work goes on and the client is told.',
      confirmLabel: decision === 'ACCEPTED' ? 'Yes, cancel the job' : 'Yes, decline',
      cancelLabel: 'Not now',
      tone: decision === 'ACCEPTED' ? 'danger' : 'default',
      action: async () => {
        refund = (await decide.mutateAsync({ id: job.id, body: { decision } })).refund;
      },
      failureText: 'Failed to decide the cancellation',
      busyLabel: 'Saving...',
    }).then((done) => {
      if (!done) return;
      if (decision === 'DECLINED') return show({ kind: 'success', text: 'Cancellation declined.' });
      const money = refund as CancellationRefund | null;
      const failed = money?.status === 'refused' || money?.status === 'unanswered';
      show({
        kind: failed ? 'error' : 'success',
        text: money ? `Job cancelled. ${money.message}` : 'Job cancelled.',
      });
    });
  };
  return (
    <section className="staff-job__form staff-job__cancellation" aria-label="Cancellation request">
      <p role="status">
        <strong>The client asked to cancel this job.</strong>
        {request.reason && <> Reason: {request.reason}</>}
      </p>
      <button type="button" className="button button--secondary" onClick={() => void answer('ACCEPTED')}>
        Accept cancellation
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={() => void answer('DECLINED')}>
        Decline
      </button>
    </section>
  );
}

/** The job's page (/job-files/{id}): every revision round and the timeline. */
export function StaffJobLifecycle({ jobId, showBilling }: { jobId: string; showBilling: boolean }) {
  const timeline = useStaffTimeline(jobId);
  const revisions = useRevisionRequests(jobId);
  return (
    <>
      {revisions.data && revisions.data.length > 0 && (
        <section className="job-files" aria-labelledby={`revisions-${jobId}`}>
          <h2 id={`revisions-${jobId}`}>Revision requests</h2>
          <RevisionRounds revisions={revisions.data} showBilling={showBilling} />
        </section>
      )}
      <section className="job-files" aria-labelledby={`timeline-${jobId}`}>
        <h2 id={`timeline-${jobId}`}>Timeline</h2>
        <QueryState query={timeline} error="Failed to load the timeline." isEmpty={() => false}>
          {(entries) => <JobTimeline entries={entries} reader="staff" />}
        </QueryState>
      </section>
    </>
  );
}
