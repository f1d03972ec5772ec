import { useSearchParams } from 'react-router-dom';
import { roleMay } from '@studio/shared/organisation';
import { useServices } from '../../features/services/api/get-services.ts';
import { OrganisationSpecs } from '../../features/specs/components/organisation-specs.tsx';
import { OrganisationPage } from './organisation-page.tsx';

function SpecsOf({ organisation }: { organisation: Parameters<typeof OrganisationSpecs>[0]['organisation'] }) {
  const [search] = useSearchParams();
  const services = useServices();
  const specId = search.get('spec');
  const version = Number(search.get('version'));
  return (
    <OrganisationSpecs
      organisation={organisation}
      services={services.data ?? []}
      version={specId && Number.isInteger(version) && version >= 1 ? { specId, version } : null}
    />
  );
}

/** `/dashboard/organisation/specs?org=<id>` (#35): the organisation's style specs; signed-out visitors sign in first. */
export function OrganisationSpecsRoute() {
  return (
    <OrganisationPage
      title="Style specs"
      note={(organisation) =>
        roleMay(organisation.role, 'order') ? null : '(you can read the specs; owners and buyers change them)'
      }
    >
      {(organisation) => <SpecsOf organisation={organisation} />}
    </OrganisationPage>
  );
}
