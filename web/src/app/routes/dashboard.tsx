import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { ClientJobs } from '../../features/jobs/components/client-jobs.tsx';
import { useSession } from '../../lib/session.ts';

function Dashboard() {
  const { user } = useSession();
  return (
    <PublicPage title="Your Jobs">
      <PageBanner title="Your Jobs" eyebrow={user ? `Signed in as ${user.name || user.email}` : undefined} />
      <section className="page-section">
        <div className="container">{user && <ClientJobs userId={user.id} />}</div>
      </section>
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
