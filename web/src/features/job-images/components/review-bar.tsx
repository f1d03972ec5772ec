import { useId, useState, type ReactNode } from 'react';
import type { ImageCounts } from '@studio/shared/images';
import { maxRevisionNotesLength } from '@studio/shared/job-lifecycle';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { useApproveRemainingImages, useSendRejections } from '../api/review-image.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "Send n rejections": the rejected images go back to the studio as one revision round, with a
 * note for the whole job if the client wants one; says the round and what was sent.
 */
function SendRejectionsDialog({
  jobId,
  rejected,
  round,
  onClose,
  onSent,
}: {
  jobId: string;
  rejected: number;
  round: number;
  onClose: () => void;
  onSent: (text: string) => void;
}) {
  const send = useSendRejections();
  const [notes, setNotes] = useState('');
  const id = useId();
  const failure = send.isError ? apiErrorText(send.error, 'The rejections could not be sent:', refusalReason) : null;
  return (
    <Dialog
      role="alertdialog"
      title={`Send ${plural(rejected, 'rejection')}?`}
      description={
        <p>
          {plural(rejected, 'image')} you rejected {rejected === 1 ? 'goes' : 'go'} back to the studio as round{' '}
          {round + 1}, with your marks and comments. Your decisions on them can no longer be undone.
        </p>
      }
      onClose={onClose}
      dismissible={!send.isPending}
    >
      <div className="form__field">
        <label htmlFor={`${id}-notes`}>A note for the whole job (optional)</label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={maxRevisionNotesLength}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={send.isPending}>
          Not yet
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(
              { jobId, notes },
              {
                onSuccess: ({ revision }) => {
                  const approved = revision.approvedCount > 0 ? `, ${revision.approvedCount} approved` : '';
                  const billable = revision.billable ? ' This round is billable.' : '';
                  onSent(
                    `Sent to the studio as round ${revision.round}: ${plural(revision.sentBackCount, 'image')} sent back${approved}.${billable}`,
                  );
                },
              },
            )
          }
        >
          {send.isPending ? 'Sending...' : `Send ${plural(rejected, 'rejection')}`}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The review's bar (issue 34): where the client stands ("n to review · n approved · n rejected"),
 * "Approve all remaining", "Send n rejections" and the job's approval (`approveJob`, the job
 * page's flow), with why it is refused while rejections are not sent.
 */
export function ReviewBar({
  jobId,
  counts,
  round,
  deciding,
  approveJob,
  onMessage,
}: {
  jobId: string;
  counts: ImageCounts;
  round: number;
  /** The job waits for the client's answer (DELIVERED): the actions are offered. */
  deciding: boolean;
  approveJob?: ReactNode;
  onMessage: (text: string) => void;
}) {
  const confirm = useConfirm();
  const approveRemaining = useApproveRemainingImages();
  const [sending, setSending] = useState(false);
  const toReview = counts.DELIVERED;
  const rejected = counts.REJECTED;
  return (
    <div className="tile review-bar" role="region" aria-label="Your review">
      <p className="review-bar__counts">
        <span>{toReview} to review</span> · <span>{counts.APPROVED} approved</span> · <span>{rejected} rejected</span>
      </p>
      {deciding && (
        <div className="review-bar__actions">
          {toReview > 0 && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                void confirm({
                  title: `Approve ${plural(toReview, 'image')}?`,
                  message: `Every image still to review is approved: ${plural(toReview, 'image')}. Rejected images stay rejected.`,
                  confirmLabel: `Approve ${plural(toReview, 'image')}`,
                  busyLabel: 'Approving...',
                  failureText: 'The images could not be approved:',
                  action: async () => {
                    const { approved } = await approveRemaining.mutateAsync(jobId);
                    onMessage(`${plural(approved, 'image')} approved.`);
                  },
                })
              }
            >
              Approve all remaining
            </button>
          )}
          {rejected > 0 && (
            <button type="button" className="button button--primary" onClick={() => setSending(true)}>
              Send {plural(rejected, 'rejection')}
            </button>
          )}
          {approveJob}
          {rejected > 0 ? (
            <p className="form__hint review-bar__hint">
              The job can be approved once your {plural(rejected, 'rejection')} {rejected === 1 ? 'is' : 'are'} sent or
              undone.
            </p>
          ) : (
            toReview > 0 && (
              <p className="form__hint review-bar__hint">
                Approving the job approves the {plural(toReview, 'image')} still to review.
              </p>
            )
          )}
        </div>
      )}
      {sending && (
        <SendRejectionsDialog
          jobId={jobId}
          rejected={rejected}
          round={round}
          onClose={() => setSending(false)}
          onSent={(text) => {
            setSending(false);
            onMessage(text);
          }}
        />
      )}
    </div>
  );
}
