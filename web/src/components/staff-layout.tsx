import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from './app-link.tsx';
import type { StaffRole } from '@studio/shared/platform';
import { staffHomePath, useStaffSession } from '../lib/staff-session.ts';
import { ConfirmProvider } from './confirm-dialog.tsx';
import { StudioTimeZoneProvider } from '../lib/studio-time-zone.tsx';
import { adminLoginPath, StaffGuard } from './staff-guard.tsx';
import './staff-layout.css';

export const staffRoleLabels: Record<StaffRole, string> = {
  SUPER_ADMIN: 'Super admin',
  MANAGER: 'Manager',
  EDITOR: 'Editor',
};

/** The link every staff page but the member's own dashboard shows above its title. */
export const backToDashboardText = 'Back to dashboard';

/**
 * The staff console's frame, the same on every staff page: a header with the console name (a link
 * to the member's dashboard), the signed-in member and their role, and Sign out; then "Back to
 * dashboard" (to the member's own: /admin, /manager or /editor; not on that dashboard itself), the
 * page title as the one h1 and optional actions (Refresh) on the title row. It provides
 * `useConfirm()` to the page, and the studio's time zone to its dates (`useDateFormat`). Use it inside {@link StaffGuard}, or use {@link StaffPage} for both.
 */
export function StaffLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { user, signOut } = useStaffSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dashboard = user ? staffHomePath[user.role] : undefined;
  useEffect(() => {
    document.title = `${title} · Staff console`;
  }, [title]);
  return (
    <ConfirmProvider>
      <StudioTimeZoneProvider>
        <div className="staff-shell">
          <header className="staff-header">
            <div className="staff-header__inner">
              <Link className="staff-header__brand" to={user ? staffHomePath[user.role] : adminLoginPath}>
                Staff console
              </Link>
              {user && (
                <div className="staff-header__account">
                  <span className="staff-header__who">
                    <span className="staff-header__name">{user.username || user.email}</span>
                    <span className="staff-role-badge" data-role={user.role}>
                      {staffRoleLabels[user.role]}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button--outline-light staff-header__signout"
                    onClick={() => {
                      signOut();
                      void navigate(adminLoginPath, { replace: true });
                    }}
                  >
                    Sign out
                  </button>
                </div>
              )}
            </div>
          </header>
          <main className="staff-main" id="main">
            {dashboard && pathname !== dashboard && (
              <Link className="staff-back-link" to={dashboard}>
                <span aria-hidden="true">←</span>
                {backToDashboardText}
              </Link>
            )}
            <div className="staff-title-row">
              <h1>{title}</h1>
              {actions && <div className="staff-title-row__actions">{actions}</div>}
            </div>
            {children}
          </main>
        </div>
      </StudioTimeZoneProvider>
    </ConfirmProvider>
  );
}

/** A whole staff page: the role guard and the layout. `roles` lists who may open it. */
export function StaffPage({
  title,
  roles,
  actions,
  children,
}: {
  title: string;
  roles: readonly StaffRole[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <StaffGuard roles={roles}>
      <StaffLayout title={title} actions={actions}>
        {children}
      </StaffLayout>
    </StaffGuard>
  );
}
