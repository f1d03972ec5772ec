import { useSearchParams } from 'react-router-dom';
import { roleMay } from '@studio/shared/organisation';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { Link } from '../../components/app-link.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { useMyOrganisations } from '../../features/organisations/api/list-organisations.ts';
import { roleLabels } from '../../features/organisations/components/role-labels.ts';
import { useServices } from '../../features/services/api/get-services.ts';
import { OrganisationSpecs } from '../../features/specs/components/organisation-specs.tsx';
import { useSession } from '../../lib/session.ts';

function Specs() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const organisations = useMyOrganisations();
  const services = useServices();
  const organisationId = search.get('org');
  const specId = search.get('spec');
  const version = Number(search.get('version'));
  return (
    <PublicPage title="Style specs">
      <PageBanner title="Style specs" eyebrow={user ? `Signed in as ${user.name || user.email}` : undefined} />
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
                  <p className="spec-page__context">
                    <Link to={paths.organisationOf(shown.id)}>{shown.name}</Link> · your role: {roleLabels[shown.role]}
                    {!roleMay(shown.role, 'order') && ' (you can read the specs; owners and buyers change them)'}
                  </p>
                  <OrganisationSpecs
                    organisation={shown}
                    services={services.data ?? []}
                    version={specId && Number.isInteger(version) && version >= 1 ? { specId, version } : null}
                  />
                </>
              );
            }}
          </QueryState>
        </div>
      </section>
    </PublicPage>
  );
}

/** `/dashboard/organisation/specs?org=<id>` (#35): the organisation's style specs; signed-out visitors sign in first. */
export function OrganisationSpecsRoute() {
  return (
    <RequireSession>
      <Specs />
    </RequireSession>
  );
}
