import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from './app-link.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';
import './navbar-account.css';

/**
 * The navbar's account corner (spec §2): Log in / Sign Up when signed out; Dashboard, the user's
 * initials and Log out when signed in. Log out asks for a confirmation instead of the old site's
 * 'loging out' alert (docs/decisions.md).
 */
export function NavbarAccount() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (!user) {
    return (
      <div className="navbar-account">
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
