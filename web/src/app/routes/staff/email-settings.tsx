import { StaffPage } from '../../../components/staff-layout.tsx';
import { SignOutEverywhere } from '../../../features/auth/components/sign-out-everywhere.tsx';
import { EmailPreferences } from '../../../features/notifications/components/email-preferences.tsx';
import { UndeliveredEmails } from '../../../features/notifications/components/undelivered-emails.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

/**
 * `/email-settings` (issue 18): every staff member's own e-mail switches and "sign out everywhere"
 * (#32); managers and super-admins also see the e-mails that could not be delivered.
 */
export function EmailSettingsRoute() {
  return (
    <StaffPage title="E-mail notifications" roles={['SUPER_ADMIN', 'MANAGER', 'EDITOR']}>
      <EmailSettings />
    </StaffPage>
  );
}

function EmailSettings() {
  const { user } = useStaffSession();
  const seesUndelivered = user?.role === 'SUPER_ADMIN' || user?.role === 'MANAGER';
  return (
    <>
      <section aria-labelledby="own-emails">
        <h2 id="own-emails">Your e-mails</h2>
        {user && <EmailPreferences audience="staff" principal={user.role} />}
      </section>
      <section aria-labelledby="sessions">
        <h2 id="sessions">Your sessions</h2>
        <SignOutEverywhere audience="staff" />
      </section>
      {seesUndelivered && (
        <section aria-labelledby="undelivered">
          <h2 id="undelivered">Not delivered</h2>
          <p>E-mails that could not be sent after every retry. Reach these people another way.</p>
          <UndeliveredEmails />
        </section>
      )}
    </>
  );
}
