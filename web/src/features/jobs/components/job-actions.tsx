import { useState } from 'react';
import * as z from 'zod/mini';
import type { Job } from '@studio/shared/job';
import {
  createCancellationRequestBodySchema,
  createRevisionRequestBodySchema,
  maxCancellationReasonLength,
  maxRevisionNotesLength,
} from '@studio/shared/job-lifecycle';
import { canMoveJob } from '@studio/shared/job-workflow';
import { isPaid } from '@studio/shared/payment';
import { requiredText } from '@studio/shared/text';
import { Dialog } from '../../../components/dialog.tsx';
import { Field, FormAlert } from '../../../components/form-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { UploadArea } from '../../../components/upload-area.tsx';
import { apiErrorText, isRefusal } from '../../../lib/api-error-text.ts';
import { uploadSummary } from '../../../lib/upload-queue.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useApproveJob } from '../api/approve-job.ts';
import { allJobPermissions, type JobPermissions } from './organisation-picker.tsx';
import { useCancelJob } from '../api/cancel-job.ts';
import { useRequestCancellation } from '../api/request-cancellation.ts';
import { useRequestRevision } from '../api/request-revision.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';

const refused = { lead: true as const, serverText: isRefusal, issues: 'only' as const };

/** Whether the client may cancel the job itself: nobody started it and no money moved (else: ask). */
export function clientMayCancel(job: Job): boolean {
  const unpaid = !job.payment || job.payment.status === 'PENDING' || job.payment.status === 'FAILED';
  return job.status === 'PENDING' && unpaid;
}

/** The client's requests: the spec's sentence, then the server's reason for a refusal. */
const requestFailure = {
  failureText: 'Failed to send the request:',
  errorOptions: refused,
  refusedFields: 'failure',
} as const;

/**
 * The request of a job sent as a link: the notes are all the studio gets, so they are required. A
 * job of images may send none: the images the client rejected on the review page say what to
 * change (#34); the server asks for notes when none was rejected.
 */
const linkJobRevisionSchema = z.strictObject({
  ...createRevisionRequestBodySchema.shape,
  notes: requiredText({
    max: maxRevisionNotesLength,
    multiline: true,
    requiredMessage: 'Say what should change.',
    maxMessage: `Notes must be at most ${maxRevisionNotesLength} characters.`,
  }),
});

/**
 * "Request changes" (#17): the notes (required for a job sent as a link), and reference images
 * uploaded as a job's photos are (each with its progress; the request waits until every image is
 * uploaded), sent as one request.
 */
function RequestChangesDialog({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone: () => void }) {
  const uploads = usePhotoUploads();
  const send = useRequestRevision();
  const images = uploadSummary(uploads.state);
  const ofImages = job.uploadId !== null;
  const form = useSchemaForm({
    schema: ofImages ? createRevisionRequestBodySchema : linkJobRevisionSchema,
    initialValues: { notes: '' },
    toBody: (values) => ({
      ...values,
      ...(images.done > 0 && uploads.state.uploadId ? { uploadId: uploads.state.uploadId } : {}),
    }),
  });
  const submit = form.handleSubmit(async (body) => {
    await send.mutateAsync({ id: job.id, body });
    onDone();
  }, requestFailure);
  return (
    <FormDialog
      title="Request changes"
      description={`Say what should change in job ${job.jobNumber ?? job.serviceName}; add reference images if they help.`}
      onClose={onClose}
      form={form}
      onSubmit={submit}
    >
      <Field
        label={ofImages ? 'What should change?' : 'What should change? *'}
        hint={ofImages ? 'The images you rejected on the review page are sent back with this request.' : undefined}
        error={form.errors.notes}
      >
        {(control) => <textarea {...control} rows={5} maxLength={maxRevisionNotesLength} {...form.control('notes')} />}
      </Field>
      <UploadArea queue={uploads} title="Add reference images (optional)" listLabel="Reference images" />
      <DialogButtons
        busy={form.submitting || images.busy}
        label={form.submitting ? 'Sending...' : images.busy ? 'Uploading images...' : 'Send request'}
        cancelLabel="Cancel"
        onCancel={onClose}
        sending={form.submitting}
      />
    </FormDialog>
  );
}

/** "Ask to cancel" (#17): why, optionally; a manager accepts or declines. */
function CancellationRequestDialog({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone: () => void }) {
  const ask = useRequestCancellation();
  const form = useSchemaForm({ schema: createCancellationRequestBodySchema, initialValues: { reason: '' } });
  const submit = form.handleSubmit(async (body) => {
    await ask.mutateAsync({ id: job.id, body });
    onDone();
  }, requestFailure);
  return (
    <FormDialog
      title="Ask to cancel this job"
      description="Work has started or the job is paid, so the studio decides. If it accepts, a card payment is refunded in full to your card at once (you get an e-mail and a credit note); a bank transfer is paid back by transfer."
      onClose={onClose}
      form={form}
      onSubmit={submit}
    >
      <Field label="Why (optional)" error={form.errors.reason}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={maxCancellationReasonLength} {...form.control('reason')} />
        )}
      </Field>
      <DialogButtons
        busy={form.submitting}
        label={form.submitting ? 'Sending...' : 'Ask to cancel'}
        cancelLabel="Keep the job"
        onCancel={onClose}
        sending={form.submitting}
      />
    </FormDialog>
  );
}

/** A dialog's two buttons: the one that acts, and the one that leaves it (not while sending). */
function DialogButtons({
  busy,
  label,
  cancelLabel,
  onCancel,
  sending,
  type = 'submit',
  onClick,
}: {
  busy: boolean;
  label: string;
  cancelLabel: string;
  onCancel: () => void;
  sending: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <div className="job-actions__row">
      <button type={type} className="button button--primary" disabled={busy} onClick={onClick}>
        {label}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={sending}>
        {cancelLabel}
      </button>
    </div>
  );
}

/** "Cancel job": asks first, since a cancelled job is final. */
function CancelJobDialog({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone: () => void }) {
  const cancel = useCancelJob();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog
      role="alertdialog"
      title="Cancel this job?"
      description="Nobody has started on it and nothing was paid. A cancelled job can no longer change."
      onClose={onClose}
      dismissible={!cancel.isPending}
    >
      {failure && <FormAlert>{failure}</FormAlert>}
      <DialogButtons
        type="button"
        onClick={() =>
          cancel.mutate(job.id, {
            onSuccess: onDone,
            onError: (error) => setFailure(apiErrorText(error, 'Failed to cancel the job:', refused)),
          })
        }
        busy={cancel.isPending}
        label={cancel.isPending ? 'Cancelling...' : 'Yes, cancel the job'}
        cancelLabel="Keep the job"
        onCancel={onClose}
        sending={cancel.isPending}
      />
    </Dialog>
  );
}

/**
 * "Approve": asks first, saying what approving means, since it cannot be taken back: the job is
 * complete, changes are no longer free, and the finished files are the client's (released now if
 * paid, else once paid).
 */
function ApproveDialog({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone: () => void }) {
  const approve = useApproveJob();
  const [failure, setFailure] = useState<string | null>(null);
  const files = isPaid(job.payment)
    ? 'Your finished files are released to you to download.'
    : 'Your finished files are released to you once the job is paid.';
  return (
    <Dialog
      role="alertdialog"
      title="Approve this delivery?"
      description={
        <>
          <p>
            Approving completes job {job.jobNumber ?? job.serviceName}: you can no longer ask for changes free of
            charge.
          </p>
          <p>{files}</p>
        </>
      }
      onClose={onClose}
      dismissible={!approve.isPending}
    >
      {failure && <FormAlert>{failure}</FormAlert>}
      <DialogButtons
        type="button"
        onClick={() =>
          approve.mutate(job.id, {
            onSuccess: onDone,
            onError: (error) => setFailure(apiErrorText(error, 'Failed to approve:', refused)),
          })
        }
        busy={approve.isPending}
        label={approve.isPending ? 'Approving...' : 'Yes, approve'}
        cancelLabel="Not yet"
        onCancel={onClose}
        sending={approve.isPending}
      />
    </Dialog>
  );
}

/**
 * "Approve job" on its own (the review page of #34): the same confirmation and call as the job
 * card's Approve; a refusal (rejections not sent yet) is said in the dialog, in the server's words.
 */
export function ApproveJobButton({ job, onApproved }: { job: Job; onApproved: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  if (job.status !== 'DELIVERED') return null;
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Approve job
      </button>
      {open && (
        <ApproveDialog
          job={job}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onApproved('Approved: thank you! The job is complete.');
          }}
        />
      )}
    </>
  );
}

/**
 * What the client can do with a job (#17): approve a delivery or request changes; cancel a job
 * nobody started and nobody paid, or ask the studio to cancel it otherwise. The server decides
 * every one of them again; these follow the same transition table (`jobTransitions`).
 */
export function JobActions({ job, may = allJobPermissions }: { job: Job; may?: JobPermissions }) {
  const [open, setOpen] = useState<'approve' | 'changes' | 'cancel' | 'ask-cancel' | null>(null);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const close = () => setOpen(null);
  const done = (text: string) => () => {
    close();
    setMessage({ kind: 'status', text });
  };
  const requestPending = job.cancellationRequest?.status === 'PENDING';
  // The member's role (#35): cancelling is ordering's, approving and asking for changes reviewing's.
  const mayCancel = may.order && clientMayCancel(job);
  const mayAskToCancel = may.order && canMoveJob(job.status, 'CANCELLED') && !clientMayCancel(job) && !requestPending;
  const waitingForAnswer = may.review && job.status === 'DELIVERED';
  if (!waitingForAnswer && !mayCancel && !mayAskToCancel && !requestPending && !message) return null;
  return (
    <div className="job-card__actions">
      {message && (
        <p className={message.kind === 'alert' ? 'form__alert' : 'form__success'} role={message.kind}>
          {message.text}
        </p>
      )}
      {waitingForAnswer && (
        <>
          <p className="job-card__hint">Delivered: approve the work, or ask for changes.</p>
          <button
            type="button"
            className="button button--primary"
            aria-label={`Approve ${job.jobNumber ?? job.serviceName}`}
            onClick={() => setOpen('approve')}
          >
            Approve
          </button>{' '}
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Request changes to ${job.jobNumber ?? job.serviceName}`}
            onClick={() => setOpen('changes')}
          >
            Request changes
          </button>
        </>
      )}
      {mayCancel && (
        <button type="button" className="button button--light" onClick={() => setOpen('cancel')}>
          Cancel job
        </button>
      )}
      {mayAskToCancel && (
        <button type="button" className="button button--light" onClick={() => setOpen('ask-cancel')}>
          Ask to cancel
        </button>
      )}
      {requestPending && <p className="job-card__hint">You asked to cancel this job; the studio will answer.</p>}
      {open === 'approve' && (
        <ApproveDialog job={job} onClose={close} onDone={done('Approved: thank you! The job is complete.')} />
      )}
      {open === 'changes' && (
        <RequestChangesDialog job={job} onClose={close} onDone={done('Your request was sent to the studio.')} />
      )}
      {open === 'cancel' && <CancelJobDialog job={job} onClose={close} onDone={done('The job is cancelled.')} />}
      {open === 'ask-cancel' && (
        <CancellationRequestDialog job={job} onClose={close} onDone={done('Your request was sent to the studio.')} />
      )}
    </div>
  );
}
