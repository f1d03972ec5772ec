import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './form.css';
import './form-field.css';

/** What a control needs to be tied to its label, hint and error: spread it on the input. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, any control (given by `children`, which receives the ids and aria attributes to put on
 * it), an optional hint and an optional error, tied together for screen readers. For a select or
 * textarea; {@link FormField} is the same for an input.
 *
 * @example
 * <Field label="Service" error={form.errors.serviceId}>
 *   {(control) => <select {...control} {...form.control('serviceId')}>...</select>}
 * </Field>
 */
export function Field({
  label,
  hint,
  error,
  className = 'form__field',
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The wrapper's class, for a form styled its own way (the footer's); default `form__field`. */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with an optional hint and error, both tied to the input for screen readers. */
export function FormField({
  label,
  hint,
  error,
  className,
  ...input
}: { label: ReactNode; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}

/** A form-level failure, announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p className="form__alert" role="alert">
      {children}
    </p>
  );
}

/**
 * A group of checkboxes or radio buttons under one legend, with an optional error tied to the
 * group for screen readers (e.g. 'Choose at least one subservice.').
 */
export function FieldGroup({
  legend,
  error,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {children}
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
