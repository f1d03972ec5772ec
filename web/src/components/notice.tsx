import { useCallback, useEffect, useRef, useState } from 'react';
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

/** Green (success) or red (error) message with a × button. */
export function Notice({ notice, onDismiss }: { notice: NoticeState | null; onDismiss: () => void }) {
  // The live region stays mounted so screen readers announce the text when it appears.
  return (
    <div className="notice-region" role={notice?.kind === 'error' ? 'alert' : 'status'}>
      {notice && (
        <div className={`notice notice--${notice.kind}`}>
          <p>{notice.text}</p>
          <button type="button" className="notice__close" aria-label="Dismiss message" onClick={onDismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
