import { Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Link } from './app-link.tsx';
import type { StaffRole } from '@studio/shared/platform';
import type { StaffSessionUser } from '@studio/shared/staff';
import {
  expireStaffSession,
  isStaffSessionValid,
  staffHomePath,
  staffSessionExpiredMessage,
  staffSessionWasExpired,
  startStaffSession,
  useStaffSession,
} from '../lib/staff-session.ts';
import { Dialog } from './dialog.tsx';
import { StaffSignInFormContext, type StaffSignInFormComponent } from './staff-sign-in-slot.ts';
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
 * A session that ended while its page was open (#40, item 13): the page stays as it is, under a
 * dialog that signs in again in place, so what was typed is not lost. The same member carries on
 * (the page's reads are made again; a save that was refused is pressed again); another member who
 * signs in here goes to their own dashboard. "Go to the sign-in page" leaves the page instead.
 */
function SignInAgain({
  user,
  returnTo,
  SignInForm,
}: {
  user: StaffSessionUser;
  returnTo: string;
  SignInForm: StaffSignInFormComponent;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Dialog
      role="alertdialog"
      title="Your session has ended"
      description={
        <p>
          Sign in again to carry on as {user.username || user.email}: what you typed on this page is kept. Then press
          the button you pressed again.
        </p>
      }
      onClose={() => undefined}
      dismissible={false}
      className="staff-sign-in-again"
    >
      <Suspense fallback={<p className="form__hint">Loading the sign-in form...</p>}>
        <SignInForm
          onSignedIn={({ token, user: signedIn, expiresAt }) => {
            startStaffSession(token, signedIn, expiresAt);
            if (signedIn.id !== user.id) {
              void navigate(staffHomePath[signedIn.role], { replace: true });
              return;
            }
            void queryClient.invalidateQueries();
          }}
        />
      </Suspense>
      <p>
        <Link to={adminLoginPathFor(returnTo)}>Go to the sign-in page</Link> (what you typed here is lost)
      </p>
    </Dialog>
  );
}

/**
 * Renders its children only for a signed-in staff member whose role is in `roles`. No staff
 * session, or an expired one, goes to /admin-login and back afterwards. A session that ends while
 * the page is open (its expiry, or a 401 from the API) keeps the page and asks to sign in again in
 * place ({@link SignInAgain}). A staff member of another role sees a short refusal with a link to
 * their own dashboard. The API enforces the same rules; this is convenience.
 */
export function StaffGuard({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { session } = useStaffSession();
  const location = useLocation();
  const valid = isStaffSessionValid(session);
  const SignInForm = useContext(StaffSignInFormContext);
  // The member this page was shown to: kept when the session ends, to sign them in again here.
  const [shownTo, setShownTo] = useState<StaffSessionUser | null>(null);
  const current = valid && roles.includes(session.user.role) ? session.user : null;
  if (current && current !== shownTo) setShownTo(current);

  useEffect(() => {
    if (!session || !valid) return;
    const timer = window.setTimeout(expireStaffSession, Math.max(0, session.expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [session, valid]);

  if (!valid && shownTo && SignInForm) {
    return (
      <>
        {children}
        <SignInAgain user={shownTo} returnTo={`${location.pathname}${location.search}`} SignInForm={SignInForm} />
      </>
    );
  }
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
  return (
    <>
      {children}
      {null}
    </>
  );
}
