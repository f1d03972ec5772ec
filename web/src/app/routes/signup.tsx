import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../../components/account-fields.tsx';
import { Link } from '../../components/app-link.tsx';
import { PublicPage } from '../layout/public-page.tsx';
import type { SignInState } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { safeNextPath, useSession } from '../../lib/session.ts';
import '../../features/auth/components/auth.css';

/**
 * `/signup` (spec §2): the form, the code step, then signed in and on `next` (the quote the visitor
 * came from) or 'Your Jobs'; `/login` with a notice only if that sign-in fails.
 */
export function SignUpRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { signIn } = useSession();
  // Carried through so a visitor sent to sign in from a quote ends up back at that quote.
  const next = safeNextPath(search.get('next'), '');
  const loginPath = next ? `${paths.login}?${new URLSearchParams({ next }).toString()}` : paths.login;
  return (
    <PublicPage title="Sign Up">
      <div className="auth-page">
        <AccountCard title="Create your account">
          <SignUpForm
            onSignedIn={({ token, user }) => {
              signIn(token, user);
              void navigate(next || paths.dashboard, { replace: true });
            }}
            onVerified={() => {
              const state: SignInState = { notice: 'Your e-mail address is confirmed. Log in to continue.' };
              void navigate(loginPath, { state });
            }}
          />
          <p className="auth-card__links">
            Already have an account? <Link to={loginPath}>Log in</Link>
          </p>
        </AccountCard>
      </div>
    </PublicPage>
  );
}
