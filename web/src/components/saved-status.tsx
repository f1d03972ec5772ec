import { useEffect, useRef } from 'react';
import './form-field.css';

/**
 * What a settings form says once it is saved, beside its Save button: a live region that is always
 * there (screen readers announce text that appears in it), showing `text` until the form is changed
 * again. Unlike a timed notice it does not go by itself, and it sits where the person pressed Save.
 * When the text appears it is scrolled into view if it is not: on a narrow screen it wraps under
 * its button, and a Save pressed at the bottom edge of the screen would confirm out of sight.
 */
export function SavedStatus({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // `block: 'nearest'` moves the page only as far as needed, and not at all when it is in view.
    // (jsdom has no layout and no scrollIntoView.)
    if (text) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  return (
    <p ref={ref} className="form__saved" role="status">
      {text}
    </p>
  );
}

/**
 * A form's Save row: the submit button, which reads `busyLabel` while the form sends, and the
 * `SavedStatus` beside it (none when `savedText` is undefined: a form that goes elsewhere once sent).
 * `waiting` says the form cannot be saved yet, what it would save still loading: the button is
 * disabled and the text stands in the status's place (it is not scrolled to).
 */
export function SaveRow({
  label,
  busyLabel = 'Saving...',
  busy,
  waiting,
  savedText,
}: {
  label: string;
  busyLabel?: string;
  busy: boolean;
  waiting?: string;
  savedText?: string | null;
}) {
  return (
    <div className="form__save-row">
      <button type="submit" className="button button--primary" disabled={busy || waiting !== undefined}>
        {busy ? busyLabel : label}
      </button>
      {waiting !== undefined ? (
        <p className="form__waiting" role="status">
          {waiting}
        </p>
      ) : (
        savedText !== undefined && <SavedStatus text={savedText} />
      )}
    </div>
  );
}
