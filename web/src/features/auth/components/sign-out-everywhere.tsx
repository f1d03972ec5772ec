import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormAlert } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { endSession } from '../../../lib/session.ts';
import { endStaffSession } from '../../../lib/staff-session.ts';
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts';
import './sign-out-everywhere.css';

/** What the sign-in page says afterwards. */
export const signedOutEverywhereNotice = 'You are signed out on every device. Sign in again to go on.';

/**
 * "Sign out everywhere" (#32): for someone who signed in on a device they no longer have, or who
 * thinks someone else has their session. Asks once more, then ends every session of the account
 * on the server (docs/access.md, "Revocation") and this one here, and opens the sign-in page.
 */
export function SignOutEverywhere({ audience }: { audience: 'client' | 'staff' }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere(audience);
  const endOnLeave = useRef(false);
  // A layout effect's cleanup runs in the commit that removes this page, before the sign-in page
  // is painted: the session is gone when that page shows (a passive effect's cleanup ran later,
  // so the sign-in page could be on screen while the session still was).
  useLayoutEffect(
    () => () => {
      if (!endOnLeave.current) return;
      if (audience === 'staff') endStaffSession();
      else endSession();
    },
    [audience],
  );

  const confirm = () => {
    setError(null);
    signOut.mutate(undefined, {
      onSuccess: () => {
        // The session here ends as this page goes (below): ended while a page that needs it is
        // still shown, that page's guard would send the visitor to sign in without saying why.
        endOnLeave.current = true;
        void navigate(audience === 'staff' ? paths.adminLogin : paths.login, {
          replace: true,
          state: { notice: signedOutEverywhereNotice },
        });
      },
      onError: (cause) => setError(apiErrorText(cause, 'You were not signed out. Please try again.')),
    });
  };

  return (
    <div className="sign-out-everywhere">
      <p>
        Signed in on a device you no longer use, or think someone else may be? End every session of your account, on
        every device, this one too.
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {asking ? (
        <div className="sign-out-everywhere__actions" role="group" aria-label="Sign out everywhere?">
          <button type="button" className="button button--danger" disabled={signOut.isPending} onClick={confirm}>
            {signOut.isPending ? 'Signing out...' : 'Yes, sign out everywhere'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={signOut.isPending}
            onClick={() => setAsking(false)}
          >
            Keep me signed in
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          Sign out everywhere
        </button>
      )}
    </div>
  );
}
