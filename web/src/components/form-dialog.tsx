import type { FormEvent, ReactNode } from 'react';
import { Dialog, type DialogProps } from './dialog.tsx';
import { FormAlert } from './form-field.tsx';
import './form.css';

/**
 * A dialog holding one form written with `useSchemaForm`: the form's failure first, then the
 * fields and buttons (`children`). While the form is being sent the dialog cannot be dismissed,
 * so the answer is seen where it was asked for.
 *
 * @example
 * <FormDialog title="Refund" onClose={close} form={form} onSubmit={form.handleSubmit(send, options)}>
 *   <FormField label="Amount *" {...form.field('amountCents')} />
 *   <button type="submit">Refund</button>
 * </FormDialog>
 */
export function FormDialog({
  form,
  onSubmit,
  children,
  ...dialog
}: Omit<DialogProps, 'dismissible' | 'closeButton' | 'children'> & {
  form: { submitting: boolean; formError: string | null };
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Dialog {...dialog} dismissible={!form.submitting} closeButton>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        {children}
      </form>
    </Dialog>
  );
}
