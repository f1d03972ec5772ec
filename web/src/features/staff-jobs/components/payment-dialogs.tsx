import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { jobReference, markPaidBodySchema, refundBodySchema } from '@studio/shared/payment';
import { Field, FormField } from '../../../components/form-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useMarkPaid } from '../api/mark-paid.ts';
import { useRefundJob } from '../api/refund-job.ts';

/**
 * An amount as staff type it (`12`, `12.5`, `12.50`) in whole cents; anything else is NaN, which
 * the body's schema refuses with its own message. Typed in major units, sent in cents.
 */
export function centsOfTyped(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [units, fraction = ''] = trimmed.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

const major = (cents: number) => (cents / 100).toFixed(2);

/** Mark a transfer received (MANAGER, SUPER_ADMIN): the amount (the job's total) and the bank's reference. */
export function MarkPaidDialog({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone: () => void }) {
  const markPaid = useMarkPaid();
  const form = useSchemaForm({
    schema: markPaidBodySchema,
    initialValues: { amountCents: major(job.totalCents), reference: '' },
    labels: { amountCents: 'Amount', reference: 'Reference' },
    toBody: (values) => ({ amountCents: centsOfTyped(String(values.amountCents ?? '')), reference: values.reference }),
  });
  return (
    <FormDialog
      title={`Mark paid: ${job.serviceName}`}
      description={`Record a payment received outside the site. The job costs ${formatCents(job.totalCents, job.currency)}.`}
      onClose={onClose}
      form={form}
      onSubmit={form.handleSubmit(
        async (body) => {
          await markPaid.mutateAsync({ id: job.id, body });
          onDone();
        },
        {
          failureText: 'Failed to mark the job paid',
        },
      )}
    >
      <FormField label={`Amount received (${job.currency}) *`} inputMode="decimal" {...form.field('amountCents')} />
      <FormField
        label="Reference of the transfer *"
        hint={`The client was asked to quote ${jobReference(job)}.`}
        {...form.field('reference')}
      />
      <button type="submit" className="button button--primary" disabled={form.submitting}>
        {form.submitting ? 'Saving...' : 'Mark paid'}
      </button>
    </FormDialog>
  );
}

/** Refund through Stripe (SUPER_ADMIN): all that is left, or part of it, with a reason. */
export function RefundDialog({ job, onClose, onDone }: { job: Job; onClose: () => void; onDone: () => void }) {
  const refund = useRefundJob();
  const paid = job.payment?.received?.amountCents ?? job.totalCents;
  const left = paid - (job.payment?.refundedCents ?? 0);
  const form = useSchemaForm({
    schema: refundBodySchema,
    initialValues: { amountCents: major(left), reason: '' },
    labels: { amountCents: 'Amount', reason: 'Reason' },
    toBody: (values) => ({ amountCents: centsOfTyped(String(values.amountCents ?? '')), reason: values.reason }),
  });
  return (
    <FormDialog
      title={`Refund: ${job.serviceName}`}
      description={`Gives money back to the client's card through Stripe. Up to ${formatCents(left, job.currency)} can be refunded.`}
      role="alertdialog"
      onClose={onClose}
      form={form}
      onSubmit={form.handleSubmit(
        async (body) => {
          await refund.mutateAsync({ id: job.id, body });
          onDone();
        },
        {
          failureText: 'Failed to refund the job',
        },
      )}
    >
      <FormField label={`Amount to refund (${job.currency}) *`} inputMode="decimal" {...form.field('amountCents')} />
      <Field label="Reason *" error={form.errors.reason}>
        {(control) => <textarea rows={3} {...control} {...form.control('reason')} />}
      </Field>
      <button type="submit" className="button button--danger" disabled={form.submitting}>
        {form.submitting ? 'Refunding...' : 'Refund'}
      </button>
    </FormDialog>
  );
}
