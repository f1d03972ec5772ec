import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MyOrganisation } from '@studio/shared/organisation';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { Link } from '../../components/app-link.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { RequireSession } from '../../components/session-guard.tsx';
import { paths } from '../../config/paths.ts';
import { useMyOrganisations } from '../../features/organisations/api/list-organisations.ts';
import { roleLabels } from '../../features/organisations/components/role-labels.ts';
import { useSession } from '../../lib/session.ts';
import '../../features/organisations/components/organisations.css';

interface OrganisationPageProps {
  title: string;
  /** Words after "your role: …" for this page, e.g. what the role may not do here. */
  note?: (organisation: MyOrganisation) => string | null;
  children: (organisation: MyOrganisation) => ReactNode;
}

/**
 * A page of one of the caller's organisations (`?org=<id>`, the personal one without it): the
 * banner, the organisation's name and the caller's role, and the page's own content; an
 * organisation the caller is not a member of is said so. Signed-out visitors sign in first.
 */
export function OrganisationPage({ title, note, children }: OrganisationPageProps) {
  return (
    <RequireSession>
      <OrganisationPageBody title={title} note={note}>
        {children}
      </OrganisationPageBody>
    </RequireSession>
  );
}

function OrganisationPageBody({ title, note, children }: OrganisationPageProps) {
  const { user } = useSession();
  const [search] = useSearchParams();
  const organisations = useMyOrganisations();
  const organisationId = search.get('org');
  return (
    <PublicPage title={title}>
      <PageBanner title={title} eyebrow={user ? `Signed in as ${user.name || user.email}` : undefined} />
      <section className="page-section">
        <div className="container">
          <QueryState
            query={organisations}
            loading="Loading your organisations..."
            error="Your organisations could not be loaded."
          >
            {(list) => {
              const shown = organisationId ? list.find((o) => o.id === organisationId) : list.find((o) => o.personal);
              if (!shown) {
                return (
                  <p className="form__alert" role="alert">
                    This organisation does not exist, or you are not one of its members.
                  </p>
                );
              }
              const extra = note?.(shown);
              return (
                <>
                  <p className="organisation-page__context">
                    <Link to={paths.organisationOf(shown.id)}>{shown.name}</Link> · your role: {roleLabels[shown.role]}
                    {extra && ` ${extra}`}
                  </p>
                  {children(shown)}
                </>
              );
            }}
          </QueryState>
        </div>
      </section>
    </PublicPage>
  );
}
