import type { ChangeEventHandler } from 'react';
import { leadLimits } from '@studio/shared/lead-limits';
import { Field, FormField } from '../../../components/form-field.tsx';
import { Notice, type NoticeState } from '../../../components/notice.tsx';

/** What each of the person fields is: its label, the input's type and autofill, its longest text. */
const contactFields = {
  name: { label: 'Name', autoComplete: 'name', maxLength: leadLimits.name },
  email: { label: 'Email', type: 'email', autoComplete: 'email', maxLength: leadLimits.email },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: leadLimits.phone },
} as const;

export type ContactFieldKind = keyof typeof contactFields;

/** The fields' labels for `useSchemaForm`, so a message reads 'Email must be an email address'. */
export const contactFieldLabels: Record<ContactFieldKind, string> = {
  name: contactFields.name.label,
  email: contactFields.email.label,
  phone: contactFields.phone.label,
};

/**
 * The name, e-mail or phone field of a lead form (contact page, free trial, footer): the same
 * label, type, autofill and length limit everywhere, ' *' after the label of a required one.
 *
 * @example <ContactField kind="email" required {...form.field('email')} />
 */
export function ContactField({
  kind,
  required = false,
  className,
  ...field
}: {
  kind: ContactFieldKind;
  required?: boolean;
  /** The wrapper's class, for the footer's own styling. */
  className?: string;
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error?: string;
}) {
  const { label, ...input } = contactFields[kind];
  return (
    <FormField
      label={required ? `${label} *` : label}
      required={required}
      className={className}
      {...input}
      {...field}
    />
  );
}

/** The message of the contact page's form and the footer's: required, up to a lead's limit. */
export function MessageField({
  className,
  error,
  ...textarea
}: {
  /** The wrapper's class, for the footer's own styling. */
  className?: string;
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLTextAreaElement>;
  error?: string;
}) {
  return (
    <Field label="Message *" className={className} error={error}>
      {(control) => <textarea {...control} required maxLength={leadLimits.description} {...textarea} />}
    </Field>
  );
}

/**
 * The end of a lead form: its Send button, which reads 'Sending...' while the form sends, and the
 * notice that says how sending went. `light` is the button of a dark band (the footer).
 */
export function LeadFormSend({
  label,
  light = false,
  form,
}: {
  label: string;
  light?: boolean;
  form: { submitting: boolean; notice: NoticeState | null; dismissNotice: () => void };
}) {
  return (
    <>
      <div>
        <button
          type="submit"
          className={`button ${light ? 'button--light' : 'button--primary'}`}
          disabled={form.submitting}
        >
          {form.submitting ? 'Sending...' : label}
        </button>
      </div>
      <Notice notice={form.notice} onDismiss={form.dismissNotice} reveal />
    </>
  );
}
