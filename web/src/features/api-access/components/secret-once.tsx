import { useCallback, useId, useRef, useState } from 'react';

/** For a form's ref: its first field takes focus as it opens (a stable function, so only then). */
export function focusFirstField(form: HTMLFormElement | null) {
  form?.querySelector<HTMLInputElement>('input')?.focus();
}

/**
 * A ref for the button that opens a form: it takes focus again when it comes back after the form
 * (or the secret shown after it) closes, so a keyboard user goes on where they were.
 */
export function useFocusOnReturn() {
  const returning = useRef(false);
  const ref = useCallback((button: HTMLButtonElement | null) => {
    if (button && returning.current) {
      returning.current = false;
      button.focus();
    }
  }, []);
  return { ref, returnFocus: () => (returning.current = true) };
}

/**
 * A secret the API answers once (a new API key, a webhook's signing secret): in a read-only field
 * with Copy, and the words that it will not be shown again. Focus lands on the field, so a
 * keyboard or screen-reader user finds it at once. `onDone` hides it for good.
 */
export function SecretOnce({
  label,
  value,
  what,
  onDone,
}: {
  /** The field's label: 'Your new API key'. */
  label: string;
  value: string;
  /** What it is, in the warning: 'this key'. */
  what: string;
  onDone: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selected to copy by hand.
      setCopied('Copy it by hand: the text is selected.');
    }
  }

  return (
    <div className="secret-once">
      <label htmlFor={id} className="secret-once__label">
        {label}
      </label>
      <div className="secret-once__row">
        <input
          ref={(element) => {
            input.current = element;
            // Once, when it appears: the person's next step is to copy it.
            if (element && !element.dataset.focused) {
              element.dataset.focused = 'true';
              element.focus();
              element.select();
            }
          }}
          id={id}
          className="secret-once__value"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-warning`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p id={`${id}-warning`} className="secret-once__warning">
        Copy {what} now and keep it somewhere safe: it will not be shown again.
      </p>
      <p className="form__saved" role="status">
        {copied}
      </p>
      <button type="button" className="button button--secondary" onClick={onDone}>
        Done, I have copied it
      </button>
    </div>
  );
}
