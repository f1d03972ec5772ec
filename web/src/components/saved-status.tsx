import './form-field.css';

/**
 * What a settings form says once it is saved, beside its Save button: a live region that is always
 * there (screen readers announce text that appears in it), showing `text` until the form is changed
 * again. Unlike a timed notice it does not go by itself, and it sits where the person pressed Save.
 */
export function SavedStatus({ text }: { text: string | null }) {
  return (
    <p className="form__saved" role="status">
      {text}
    </p>
  );
}
