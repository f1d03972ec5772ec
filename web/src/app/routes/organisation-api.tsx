import { useSearchParams } from 'react-router-dom';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { Link } from '../../components/app-link.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { ApiAccess } from '../../features/api-access/components/api-access.tsx';
import { useMyOrganisations } from '../../features/organisations/api/list-organisations.ts';
import { roleLabels } from '../../features/organisations/components/role-labels.ts';
import { useSession } from '../../lib/session.ts';
import '../../features/organisations/components/organisations.css';

function OrganisationApi() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const organisations = useMyOrganisations();
  const organisationId = search.get('org');
  return (
    <PublicPage title="API and webhooks">
      <PageBanner title="API and webhooks" eyebrow={user ? `Signed in as ${user.name || user.email}` : undefined} />
      <section className="page-section">
        <div className="container">
          <QueryState
            query={organisations}
            loading="Loading your organisations..."
            error="Your organisations could not be loaded."
          >
            {(list) => {
              const shown = organisationId ? list.find((o) => o.id === organisationId) : list.find((o) => o.personal);
              if (!shown)
                return (
                  <p className="form__alert" role="alert">
                    This organisation does not exist, or you are not one of its members.
                  </p>
                );
              return (
                <>
                  <p>
                    <Link to={paths.organisationOf(shown.id)}>{shown.name}</Link> · your role: {roleLabels[shown.role]}
                  </p>
                  <ApiAccess key={shown.id} organisation={shown} />
                </>
              );
            }}
          </QueryState>
        </div>
      </section>
    </PublicPage>
  );
}

/** `/dashboard/organisation/api?org=<id>` (#36): the organisation's API keys and webhooks; signed-out visitors sign in first. */
export function OrganisationApiRoute() {
  return (
    <RequireSession>
      <OrganisationApi />
    </RequireSession>
  );
}
