import type * as z from 'zod/mini';
import { useTimedNotice } from '../../../components/notice.tsx';
import { networkErrorMessage } from '../../../lib/api-client.ts';
import type { ApiErrorTextOptions } from '../../../lib/api-error-text.ts';
import { useSchemaForm, type FormValues, type SchemaFormOptions } from '../../../lib/use-schema-form.ts';
import { useCreateContactLead, type ContactLeadInput } from '../api/create-contact-lead.ts';
import { contactFieldLabels } from './contact-field.tsx';
import { contactSuccessMessage, submitFailedMessage } from './lead-messages.ts';

export interface LeadFormOptions<V extends FormValues, S extends z.ZodMiniType> extends SchemaFormOptions<V, S> {
  /** Said in the notice once the lead is stored. */
  successText: string;
  /** The spec's text for a failed send; see `apiErrorText`. */
  failureText: string;
  errorOptions?: ApiErrorTextOptions;
}

/**
 * The public lead forms' one way of working: `useSchemaForm` over the route's body schema (given
 * as a loader, so zod loads with the first submit and not with the page), what a visitor typed
 * into the published page before the app loaded kept (`ref` on the form), and the outcome in the
 * form's 3 s notice: the success text, the form emptied; or the failure's text, what was typed kept.
 */
export function useLeadForm<V extends FormValues, S extends z.ZodMiniType>(options: LeadFormOptions<V, S>) {
  const { successText, failureText, errorOptions, ...formOptions } = options;
  const form = useSchemaForm({
    ...formOptions,
    labels: { ...contactFieldLabels, ...formOptions.labels },
    keepTypedBeforeLoad: true,
  });
  const { notice, show, dismiss } = useTimedNotice();

  /** The submit handler: `send` stores the checked body; `onSent` runs after the success notice. */
  const submitWith = (send: (body: z.output<S>) => Promise<unknown>, onSent?: () => void) =>
    form.handleSubmit(
      async (body) => {
        await send(body);
        form.reset();
        show({ kind: 'success', text: successText });
        onSent?.();
      },
      {
        failureText,
        errorOptions,
        refusedFields: 'failure',
        showFailure: (text) => show({ kind: 'error', text }),
      },
    );

  return { ...form, notice, dismissNotice: dismiss, submitWith };
}

/**
 * The contact page's form and the footer's: both store a contact lead
 * (`POST api/contact/addnew`), with the spec's texts for either outcome.
 */
export function useContactLeadForm<V extends FormValues, S extends z.ZodMiniType<ContactLeadInput>>(
  options: SchemaFormOptions<V, S>,
) {
  const form = useLeadForm({
    ...options,
    successText: contactSuccessMessage,
    failureText: submitFailedMessage,
    errorOptions: { offline: networkErrorMessage },
  });
  const mutation = useCreateContactLead();
  return { ...form, submit: form.submitWith((body) => mutation.mutateAsync(body)) };
}
