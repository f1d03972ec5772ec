import type { ReactNode } from 'react';

/**
 * The buttons under an account form: its submit button, which reads `busyLabel` and is disabled
 * while the form is sent, then the form's other buttons (`children`: back, forgot, resend).
 */
export function AuthActions({
  busy,
  label,
  busyLabel,
  children,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="auth-form__actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {children}
    </div>
  );
}
