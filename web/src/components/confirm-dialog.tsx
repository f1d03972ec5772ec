import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { apiErrorText, defaultErrorText, refusalReason } from '../lib/api-error-text.ts';
import { Dialog } from './dialog.tsx';
import './form-field.css';

/** What to ask, and optionally what to do once the answer is yes. */
export interface ConfirmOptions {
  /** The question as a heading: 'Delete this service?'. */
  title: string;
  /** What will happen, e.g. the spec's 'Are you sure you want to delete this service?'. */
  message?: ReactNode;
  /** The yes button: 'Yes, delete'. Default 'Confirm'. */
  confirmLabel?: string;
  /** The no button. Default 'Cancel'. */
  cancelLabel?: string;
  /** `danger` (red yes button, focus starts on Cancel) for what cannot be undone. */
  tone?: 'default' | 'danger';
  /**
   * Runs on yes. The dialog stays open and busy until it settles: on success it closes and the
   * answer is `true`; on failure it shows why (`failureText`, then the server's reason) and stays
   * open to try again or cancel.
   */
  action?: () => unknown;
  /** Said when `action` fails, the spec's text for the page, e.g. 'Error deleting service'. */
  failureText?: string;
  /** The yes button while `action` runs. Default 'Working...'. */
  busyLabel?: string;
}

/** Asks; resolves `true` once confirmed (and `action` done), `false` on Cancel, Escape or the backdrop. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * `const confirm = useConfirm();` then `if (await confirm({ title, message, tone: 'danger', action }))`.
 * Needs a {@link ConfirmProvider} above (every staff page has one: `StaffLayout`).
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it (StaffLayout renders one).');
  return confirm;
}

interface Pending {
  /** Each question gets a fresh dialog (state, focus), also when one replaces another. */
  id: number;
  options: ConfirmOptions;
  resolve: (answer: boolean) => void;
}

/** Holds the one open confirmation of the page and renders it; see {@link useConfirm}. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const asked = useRef(0);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first, which counts as cancelled.
        current.current?.resolve(false);
        current.current = { id: ++asked.current, options, resolve };
        setPending(current.current);
      }),
    [],
  );

  const settle = useCallback((answer: boolean) => {
    current.current?.resolve(answer);
    current.current = null;
    setPending(null);
  }, []);

  // Leaving the page cancels an open question, so no caller waits for ever.
  useEffect(() => () => current.current?.resolve(false), []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && <ConfirmDialog key={pending.id} options={pending.options} onSettle={settle} />}
    </ConfirmContext.Provider>
  );
}

function ConfirmDialog({ options, onSettle }: { options: ConfirmOptions; onSettle: (answer: boolean) => void }) {
  const { title, message, confirmLabel = 'Confirm', cancelLabel = 'Cancel', tone = 'default' } = options;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  async function yes() {
    if (busy) return;
    if (!options.action) {
      onSettle(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await options.action();
      onSettle(true);
    } catch (caught) {
      setBusy(false);
      setError(apiErrorText(caught, options.failureText ?? defaultErrorText, refusalReason));
    }
  }

  const no = () => {
    if (!busy) onSettle(false);
  };

  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={typeof message === 'string' ? <p>{message}</p> : message}
      onClose={no}
      dismissible={!busy}
      initialFocus={tone === 'danger' ? cancelRef : confirmRef}
    >
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        {/* aria-disabled rather than disabled while busy: focus stays on the button it was on. */}
        <button
          ref={cancelRef}
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={no}
        >
          {cancelLabel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => void yes()}
        >
          {busy ? (options.busyLabel ?? 'Working...') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
