import { Link } from '../../components/app-link.tsx';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { paths } from '../../config/paths.ts';
import { RequireSession } from '../../components/session-guard.tsx';
import { SignOutEverywhere } from '../../features/auth/components/sign-out-everywhere.tsx';
import { Deliverables } from '../../features/job-files/components/deliverables.tsx';
import { OrganisationJobs } from '../../features/jobs/components/client-jobs.tsx';
import {
  OrganisationPicker,
  usePickedOrganisation,
  withOrganisation,
} from '../../features/jobs/components/organisation-picker.tsx';
import { EmailPreferences } from '../../features/notifications/components/email-preferences.tsx';
import { PendingInvitationsNotice } from '../../features/organisations/components/pending-invitations-notice.tsx';
import { useSession } from '../../lib/session.ts';

function Dashboard() {
  const { user } = useSession();
  const { kept } = usePickedOrganisation();
  return (
    <PublicPage title="Your Jobs">
      <PageBanner title="Your Jobs" eyebrow={user ? `Signed in as ${user.name || user.email}` : undefined}>
        <OrganisationPicker />
      </PageBanner>
      <section className="page-section">
        <div className="container">
          {user && <PendingInvitationsNotice />}
          <p className="dashboard__actions">
            <Link className="button button--primary" to={withOrganisation(paths.services, kept)}>
              New order
            </Link>{' '}
            <Link className="button button--secondary" to={paths.organisation}>
              Organisation
            </Link>
          </p>
          {user && (
            <OrganisationJobs
              // The finished files of each job, once the studio delivered some (issue 15).
              extras={(job) =>
                job.deliverableCount > 0 && (
                  <section aria-label={`Finished files of ${job.jobNumber ?? job.serviceName}`}>
                    <h4>Finished files</h4>
                    <Deliverables caller="client" jobId={job.id} count={job.deliverableCount} />
                  </section>
                )
              }
            />
          )}
        </div>
      </section>
      {user && (
        <section className="page-section" aria-labelledby="email-settings">
          <div className="container">
            <h2 id="email-settings">E-mail notifications</h2>
            <EmailPreferences audience="client" principal="CLIENT" />
          </div>
        </section>
      )}
      {user && (
        <section className="page-section" aria-labelledby="sessions">
          <div className="container">
            <h2 id="sessions">Your sessions</h2>
            <SignOutEverywhere audience="client" />
          </div>
        </section>
      )}
    </PublicPage>
  );
}

/** `/dashboard` 'Your Jobs' (spec §2): signed-out visitors sign in first. */
export function DashboardRoute() {
  return (
    <RequireSession>
      <Dashboard />
    </RequireSession>
  );
}
