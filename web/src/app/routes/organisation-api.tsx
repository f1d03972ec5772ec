import { ApiAccess } from '../../features/api-access/components/api-access.tsx';
import { OrganisationPage } from './organisation-page.tsx';

/** `/dashboard/organisation/api?org=<id>` (#36): the organisation's API keys and webhooks. */
export function OrganisationApiRoute() {
  return (
    <OrganisationPage title="API and webhooks">
      {(organisation) => <ApiAccess key={organisation.id} organisation={organisation} />}
    </OrganisationPage>
  );
}
