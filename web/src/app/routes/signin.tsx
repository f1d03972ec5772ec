import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../../components/account-fields.tsx';
import { Link } from '../../components/app-link.tsx';
import { PublicPage } from '../layout/public-page.tsx';
import type { SignInState } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { safeNextPath, useSession } from '../../lib/session.ts';
import '../../features/auth/components/auth.css';

/** `/login` and `/signin` (spec §2): after sign-in, back to `next` (a path on this site) or home. */
export function SignInRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { signIn } = useSession();
  const next = safeNextPath(search.get('next'), '');
  const notice = (location.state as SignInState | null)?.notice;
  const signupPath = next ? `${paths.signup}?${new URLSearchParams({ next }).toString()}` : paths.signup;
  return (
    <PublicPage title="Log in">
      <div className="auth-page">
        <AccountCard title="Log in" notice={notice}>
          <SignInForm
            onSignedIn={({ token, user }) => {
              signIn(token, user);
              void navigate(next || paths.home, { replace: true });
            }}
          />
          <p className="auth-card__links">
            New here? <Link to={signupPath}>Sign up</Link>
          </p>
        </AccountCard>
      </div>
    </PublicPage>
  );
}
