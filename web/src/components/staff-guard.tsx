import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Link } from './app-link.tsx';
import type { StaffRole } from '@studio/shared/platform';
import {
  expireStaffSession,
  isStaffSessionValid,
  staffHomePath,
  staffSessionExpiredMessage,
  staffSessionWasExpired,
  useStaffSession,
} from '../lib/staff-session.ts';
import { safeNextPath } from '../lib/session.ts';
import './staff-layout.css';

export const adminLoginPath = '/admin-login';

/** What the staff sign-in page reads from the router state. */
export interface StaffSignInState {
  notice?: string;
}

/** `/admin-login?next=<path>`: where a signed-out visitor of a staff page is sent. */
export function adminLoginPathFor(path: string): string {
  const next = safeNextPath(path, '');
  return next ? `${adminLoginPath}?${new URLSearchParams({ next }).toString()}` : adminLoginPath;
}

/**
 * Renders its children only for a signed-in staff member whose role is in `roles`. No staff
 * session, or an expired one (also one that expires while the page is open, or one the API rejected
 * with 401), goes to /admin-login and back afterwards. A staff member of another role sees a short
 * refusal with a link to their own dashboard. The API enforces the same rules; this is convenience.
 */
export function StaffGuard({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { session } = useStaffSession();
  const location = useLocation();
  const valid = isStaffSessionValid(session);

  useEffect(() => {
    if (!session || !valid) return;
    const timer = window.setTimeout(expireStaffSession, Math.max(0, session.expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [session, valid]);

  if (!valid) {
    const state: StaffSignInState = session || staffSessionWasExpired() ? { notice: staffSessionExpiredMessage } : {};
    return <Navigate to={adminLoginPathFor(`${location.pathname}${location.search}`)} replace state={state} />;
  }
  if (!roles.includes(session.user.role)) {
    return (
      <section className="staff-denied" aria-labelledby="staff-denied-heading">
        <h1 id="staff-denied-heading">Not available for your role</h1>
        <p>
          This page is for {roles.join(', ')}. You are signed in as {session.user.role}.
        </p>
        <Link className="button button--primary" to={staffHomePath[session.user.role]}>
          Go to your dashboard
        </Link>
      </section>
    );
  }
  return children;
}
