import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './form.css';
import './form-field.css';

/** A labelled input with an optional hint and error, both tied to the input for screen readers. */
export function FormField({
  label,
  hint,
  error,
  ...input
}: { label: ReactNode; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
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

/** A form-level failure, announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p className="form__alert" role="alert">
      {children}
    </p>
  );
}
