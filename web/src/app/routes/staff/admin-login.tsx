import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountCard } from '../../../components/account-fields.tsx';
import type { StaffSignInState } from '../../../components/staff-guard.tsx';
import { StaffSignInForm } from '../../../features/staff/components/staff-sign-in-form.tsx';
import { safeNextPath } from '../../../lib/session.ts';
import { isStaffSessionValid, staffHomePath, startStaffSession, useStaffSession } from '../../../lib/staff-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import '../../../components/staff-layout.css';
import '../../../features/auth/components/auth.css';

/**
 * `/admin-login` (spec §2, §4): staff sign-in, then SUPER_ADMIN to /admin, MANAGER to /manager,
 * EDITOR to /editor, or back to the staff page that sent them here.
 */
export function AdminLoginRoute() {
  useDocumentTitle('Staff sign-in');
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { session } = useStaffSession();
  const next = safeNextPath(search.get('next'), '');
  const notice = (location.state as StaffSignInState | null)?.notice;

  if (isStaffSessionValid(session)) {
    return <Navigate to={next || staffHomePath[session.user.role]} replace />;
  }
  return (
    <div className="staff-shell">
      <header className="staff-header">
        <div className="staff-header__inner">
          <a className="staff-header__brand" href="/">
            Staff console
          </a>
        </div>
      </header>
      <main className="auth-page" id="main">
        <AccountCard title="Admin Login" notice={notice}>
          <StaffSignInForm
            onSignedIn={({ token, user, expiresAt }) => {
              startStaffSession(token, user, expiresAt);
              void navigate(next || staffHomePath[user.role], { replace: true });
            }}
          />
        </AccountCard>
      </main>
    </div>
  );
}
