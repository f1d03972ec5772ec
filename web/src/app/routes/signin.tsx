import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SignInResponse } from '@studio/shared/auth';
import { AccountCard } from '../../components/account-fields.tsx';
import { Link } from '../../components/app-link.tsx';
import { PublicPage } from '../layout/public-page.tsx';
import type { SignInState } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { safeNextPath, useSession } from '../../lib/session.ts';
import '../../features/auth/components/auth.css';

/** Whether `next` is a quote: the visitor pressed "Get a Quote" signed out. */
function isQuotePath(next: string): boolean {
  return next.startsWith(paths.serviceQuote(''));
}

/**
 * `/login` and `/signin` (spec §2): after sign-in, back to `next` (a path on this site) or home.
 * Sent here from a quote, the page says why it asks and offers the sign-up form in place: the
 * new client confirms the e-mailed code and is signed in and back on the quote.
 */
export function SignInRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { signIn } = useSession();
  const next = safeNextPath(search.get('next'), '');
  const notice = (location.state as SignInState | null)?.notice;
  const signupPath = next ? `${paths.signup}?${new URLSearchParams({ next }).toString()}` : paths.signup;
  const forQuote = isQuotePath(next);
  const [signingUp, setSigningUp] = useState(false);
  const [confirmed, setConfirmed] = useState<string | undefined>(undefined);
  const signedIn = ({ token, user }: SignInResponse) => {
    signIn(token, user);
    void navigate(next || paths.home, { replace: true });
  };
  const why = forQuote && (
    <p className="auth-card__why">
      A quote is priced for you and kept as your order, with its photos, payment and progress, so it needs an account.
      Log in, or create one in a minute: we bring you back to your quote.
    </p>
  );

  if (signingUp) {
    return (
      <PublicPage title="Sign Up">
        <div className="auth-page">
          <AccountCard title="Create your account">
            {why}
            <SignUpForm
              onSignedIn={signedIn}
              onVerified={() => {
                setConfirmed('Your e-mail address is confirmed. Log in to continue.');
                setSigningUp(false);
              }}
            />
            <p className="auth-card__links">
              Already have an account?{' '}
              <button type="button" className="link-button" onClick={() => setSigningUp(false)}>
                Log in
              </button>
            </p>
          </AccountCard>
        </div>
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Log in">
      <div className="auth-page">
        <AccountCard title="Log in" notice={confirmed ?? notice}>
          {why}
          <SignInForm onSignedIn={signedIn} />
          <p className="auth-card__links">
            New here?{' '}
            {forQuote ? (
              <button type="button" className="link-button" onClick={() => setSigningUp(true)}>
                Create an account
              </button>
            ) : (
              <Link to={signupPath}>Sign up</Link>
            )}
          </p>
        </AccountCard>
      </div>
    </PublicPage>
  );
}
