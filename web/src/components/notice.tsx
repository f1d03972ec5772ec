import { useCallback, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../lib/use-reduced-motion.ts';
import './notice.css';

/** Spec §4, §9: notices go after 3 s, or at once with ×. */
export const noticeDurationMs = 3000;

export interface NoticeState {
  kind: 'success' | 'error';
  text: string;
}

export function useTimedNotice(durationMs = noticeDurationMs) {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const dismiss = useCallback(() => {
    window.clearTimeout(timer.current);
    setNotice(null);
  }, []);
  const show = useCallback(
    (next: NoticeState) => {
      window.clearTimeout(timer.current);
      setNotice(next);
      timer.current = window.setTimeout(() => setNotice(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { notice, show, dismiss };
}

/**
 * Green (success) or red (error) message with a × button. With `reveal` (a form's notice right
 * under its button), a notice that appears out of sight, e.g. below a phone's screen, is scrolled
 * into view, the least distance that shows it; focus stays where it is. Staff tables leave it off:
 * their notice sits above the table, and jumping there would lose the row being worked on: with
 * `toast` it is shown at the foot of the screen instead, over the page, wherever the person is.
 */
export function Notice({
  notice,
  onDismiss,
  reveal = false,
  toast = false,
}: {
  notice: NoticeState | null;
  onDismiss: () => void;
  reveal?: boolean;
  toast?: boolean;
}) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = shown.current;
    if (!reveal || !notice || !element || typeof element.scrollIntoView !== 'function') return;
    element.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [notice, reveal]);
  // The live region stays mounted so screen readers announce the text when it appears.
  return (
    <div
      className={toast ? 'notice-region notice-region--toast' : 'notice-region'}
      role={notice?.kind === 'error' ? 'alert' : 'status'}
    >
      {notice && (
        <div ref={shown} className={`notice notice--${notice.kind}`}>
          <p>{notice.text}</p>
          <button type="button" className="notice__close" aria-label="Dismiss message" onClick={onDismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
