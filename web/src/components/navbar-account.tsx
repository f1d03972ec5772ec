import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signedInMark } from '@studio/shared/session-mark';
import { Link } from './app-link.tsx';
import { paths } from '../config/paths.ts';
import { getSession, useSession } from '../lib/session.ts';
import './navbar-account.css';

/**
 * The navbar's account corner (spec §2): Log in / Sign Up when signed out; Dashboard, the user's
 * initials and Log out when signed in. Log out asks for a confirmation instead of the old site's
 * 'loging out' alert (docs/decisions/client-accounts-and-ordering.md).
 *
 * A published page opened by a signed-in client is marked before its first paint
 * (shared/src/session-mark.ts), and its stylesheet hides the guest links until the app has read
 * the session: the client never sees 'Log in' for the moment the page hydrates. When there turns
 * out to be no session (an unreadable user, or signing out later), the mark goes.
 */
export function NavbarAccount() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    // While hydrating, `user` is the page's (none) even with a session: the store says which.
    if (!user && !getSession()) document.documentElement.removeAttribute(signedInMark);
  }, [user]);

  if (!user) {
    return (
      <div className="navbar-account navbar-account--guest">
        <Link to={paths.login} className="site-header__link">
          Log in
        </Link>
        <Link to={paths.signup} className="site-header__link">
          Sign Up
        </Link>
      </div>
    );
  }

  return (
    <div className="navbar-account">
      <Link to={paths.dashboard} className="site-header__link">
        Dashboard
      </Link>
      <span className="navbar-account__avatar" role="img" aria-label={`Signed in as ${user.name || user.email}`}>
        <span aria-hidden="true">{user.initials}</span>
      </span>
      {confirming ? (
        <span className="navbar-account__confirm" role="group" aria-label="Log out?">
          <button
            type="button"
            className="site-header__link navbar-account__button"
            onClick={() => {
              setConfirming(false);
              // The session ends now; a protected page still on screen sends the visitor home
              // too (session-guard.tsx), never to the sign-in page.
              signOut();
              void navigate(paths.home);
            }}
          >
            Yes, log out
          </button>
          <button
            type="button"
            className="site-header__link navbar-account__button"
            onClick={() => setConfirming(false)}
          >
            Stay
          </button>
        </span>
      ) : (
        <button type="button" className="site-header__link navbar-account__button" onClick={() => setConfirming(true)}>
          Log out
        </button>
      )}
    </div>
  );
}
