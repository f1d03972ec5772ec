import { useSearchParams } from 'react-router-dom';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { OrganisationPortal } from '../../features/organisations/components/organisation-portal.tsx';
import { useSession } from '../../lib/session.ts';

function Organisation() {
  const { user } = useSession();
  const [search] = useSearchParams();
  return (
    <PublicPage title="Organisation">
      <PageBanner title="Organisation" eyebrow={user ? `Signed in as ${user.name || user.email}` : undefined} />
      <section className="page-section">
        <div className="container">
          {user && <OrganisationPortal organisationId={search.get('org')} myId={user.id} />}
        </div>
      </section>
    </PublicPage>
  );
}

/** `/dashboard/organisation?org=<id>` (#35): the client's organisation; signed-out visitors sign in first. */
export function OrganisationRoute() {
  return (
    <RequireSession>
      <Organisation />
    </RequireSession>
  );
}
