import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const focusableSelector = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** What Tab can reach inside `root`, in order (attributes only: jsdom has no layout). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.hasAttribute('disabled') && element.tabIndex >= 0 && !element.closest('[hidden],[inert]'),
  );
}

/** Open dialogs, innermost last: only the innermost keeps focus and answers Escape. */
const openPanels: HTMLElement[] = [];

/**
 * Makes everything beside `keep` among the body's children inert (unreachable by Tab, clicks and
 * screen readers) and answers a function that undoes exactly that.
 */
function inertOthers(keep: HTMLElement): () => void {
  const changed = [...document.body.children].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && element !== keep && !element.hasAttribute('inert'),
  );
  for (const element of changed) element.setAttribute('inert', '');
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}

export interface DialogProps {
  /** The dialog's heading; names the dialog (`aria-labelledby`). */
  title: ReactNode;
  /** Text that says what the dialog is about (`aria-describedby`). */
  description?: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation), `dialog` otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Escape, a click on the backdrop and the × button ask for this. */
  onClose: () => void;
  /** While false (an action is running), Escape and the backdrop do nothing. Default true. */
  dismissible?: boolean;
  /** Where focus goes on opening; default the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Show a × button in the heading row (label 'Close'). */
  closeButton?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A modal dialog, rendered over the page (portal into `document.body`). On opening, focus moves
 * inside and the rest of the page becomes inert; Tab and Shift+Tab cycle within the dialog;
 * Escape and a click on the backdrop call `onClose`; on closing, focus returns to the element that
 * had it (the opener), if it is still on the page. Render it while open, remove it to close.
 */
export function Dialog({
  title,
  description,
  role = 'dialog',
  onClose,
  dismissible = true,
  initialFocus,
  closeButton = false,
  className,
  children,
}: DialogProps) {
  const backdrop = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const box = panel.current;
    const layer = backdrop.current;
    if (!box || !layer) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openPanels.push(box);
    const restore = inertOthers(layer);
    (initialFocus?.current ?? focusables(box)[0] ?? box).focus();
    // Focus that lands outside (a click on something the inert page could not stop) comes back in.
    const keepFocus = (event: FocusEvent) => {
      if (openPanels.at(-1) !== box || box.contains(event.target as Node)) return;
      (focusables(box)[0] ?? box).focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      openPanels.splice(openPanels.indexOf(box), 1);
      restore();
      if (opener?.isConnected) opener.focus();
    };
    // Opened once per mount: later changes of initialFocus must not move focus again.
  }, []);

  // The latest onClose, for the key handler without re-running the effect above.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const box = panel.current;
    if (!box || openPanels.at(-1) !== box) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (dismissible) close.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(box);
    const first = items[0];
    const last = items.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (active === first || active === box)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      ref={backdrop}
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) close.current();
      }}
    >
      <div
        ref={panel}
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          {closeButton && (
            <button
              type="button"
              className="dialog__close"
              aria-label="Close"
              onClick={() => {
                if (dismissible) close.current();
              }}
            >
              ×
            </button>
          )}
        </div>
        {description && (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
