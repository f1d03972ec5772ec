import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import {
  loggedOutByVisitor,
  onSessionExpired,
  sessionExpiredMessage,
  sessionWasExpired,
  signInPathFor,
  useSession,
} from '../lib/session.ts';

/** What the sign-in page reads from the router state to explain why the visitor is there. */
export interface SignInState {
  notice?: string;
}

function currentPath(location: { pathname: string; search: string; hash: string }) {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Renders its children for a signed-in visitor; sends anyone else to /signin?next=<this page>. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) {
    // Logged out on this page: the log out is taking the visitor home.
    if (loggedOutByVisitor()) return <Navigate to={paths.home} replace />;
    const state: SignInState = sessionWasExpired() ? { notice: sessionExpiredMessage } : {};
    return <Navigate to={signInPathFor(currentPath(location))} replace state={state} />;
  }
  return children;
}

/**
 * Mounted once under the router: when the API rejects the token (401), the session is already
 * cleared; this sends the visitor to sign in and, afterwards, back to the page they were on.
 */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const path = currentPath(location);
  useEffect(
    () =>
      onSessionExpired(() => {
        const state: SignInState = { notice: sessionExpiredMessage };
        void navigate(signInPathFor(path), { replace: true, state });
      }),
    [navigate, path],
  );
  return null;
}
