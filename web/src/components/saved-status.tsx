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

/**
 * A form's Save row: the submit button, which reads `busyLabel` while the form sends, and the
 * `SavedStatus` beside it (none when `savedText` is undefined: a form that goes elsewhere once sent).
 */
export function SaveRow({
  label,
  busyLabel = 'Saving...',
  busy,
  disabled = false,
  savedText,
}: {
  label: string;
  busyLabel?: string;
  busy: boolean;
  /** Not ready to save yet (what it would save is still loading); the label stays. */
  disabled?: boolean;
  savedText?: string | null;
}) {
  return (
    <div className="form__save-row">
      <button type="submit" className="button button--primary" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </button>
      {savedText !== undefined && <SavedStatus text={savedText} />}
    </div>
  );
}
