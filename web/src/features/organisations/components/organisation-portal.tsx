import type { MyOrganisation } from '@studio/shared/organisation';
import { Link } from '../../../components/app-link.tsx';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyOrganisations } from '../api/list-organisations.ts';
import { CreateOrganisationForm } from './create-organisation-form.tsx';
import { OrganisationDetails } from './organisation-details.tsx';
import { OrganisationInvitations } from './organisation-invitations.tsx';
import { OrganisationMembers } from './organisation-members.tsx';
import { PendingInvitationsNotice } from './pending-invitations-notice.tsx';
import { roleLabels } from './role-labels.ts';
import './organisations.css';

/**
 * The client's organisation page (#35): the organisation of `?org=<id>` (the client's personal one
 * without it): its name and billing details, members, invitations for an OWNER, and "Create an
 * organisation" for anyone.
 */
export function OrganisationPortal({ organisationId, myId }: { organisationId: string | null; myId: string }) {
  const organisations = useMyOrganisations();
  return (
    <ConfirmProvider>
      <PendingInvitationsNotice />
      <QueryState
        query={organisations}
        loading="Loading your organisations..."
        error="Your organisations could not be loaded."
      >
        {(list) => {
          const shown = organisationId
            ? list.find((o) => o.id === organisationId)
            : (list.find((o) => o.personal) ?? list[0]);
          return (
            <>
              <OtherOrganisations list={list} shown={shown} />
              {shown ? (
                <ShownOrganisation key={shown.id} organisation={shown} myId={myId} />
              ) : (
                <p className="form__alert" role="alert">
                  This organisation does not exist, or you are not one of its members.
                </p>
              )}
            </>
          );
        }}
      </QueryState>
      <section className="organisation__section" aria-labelledby="organisation-create">
        <h2 id="organisation-create">Create an organisation</h2>
        <p>For a brand or agency whose team orders, reviews and pays together. You become its owner.</p>
        <CreateOrganisationForm />
      </section>
    </ConfirmProvider>
  );
}

function OtherOrganisations({ list, shown }: { list: MyOrganisation[]; shown: MyOrganisation | undefined }) {
  const others = list.filter((o) => o.id !== shown?.id);
  if (others.length === 0) return null;
  return (
    <nav className="organisation__switch" aria-label="Your organisations">
      <span>Your other organisations:</span>
      {others.map((o) => (
        <Link key={o.id} to={paths.organisationOf(o.id)}>
          {o.name}
          {o.personal ? ' (personal)' : ''}
        </Link>
      ))}
    </nav>
  );
}

function ShownOrganisation({ organisation, myId }: { organisation: MyOrganisation; myId: string }) {
  return (
    <>
      <section className="organisation__section" aria-labelledby="organisation-details">
        <h2 id="organisation-details">
          {organisation.name}
          {organisation.personal ? ' (personal)' : ''}
        </h2>
        <p>Your role: {roleLabels[organisation.role]}</p>
        <OrganisationDetails organisation={organisation} />
      </section>
      <section className="organisation__section" aria-labelledby="organisation-specs">
        <h2 id="organisation-specs">Style specs</h2>
        <p>How your images must look, saved once and chosen when you order.</p>
        <Link to={paths.organisationSpecsOf(organisation.id)}>
          {organisation.role === 'OWNER' || organisation.role === 'BUYER' ? 'Manage the specs' : 'Read the specs'}
        </Link>
      </section>
      <section className="organisation__section" aria-labelledby="organisation-members">
        <h2 id="organisation-members">Members</h2>
        <OrganisationMembers organisation={organisation} myId={myId} />
      </section>
      {organisation.role === 'OWNER' && (
        <section className="organisation__section" aria-labelledby="organisation-api">
          <h2 id="organisation-api">API and webhooks</h2>
          <p>Keys for your own systems to call the API, and webhooks that tell them when your jobs change.</p>
          <Link to={paths.organisationApiOf(organisation.id)}>Manage the API keys and webhooks</Link>
        </section>
      )}
      {organisation.role === 'OWNER' && (
        <section className="organisation__section" aria-labelledby="organisation-invitations">
          <h2 id="organisation-invitations">Invite someone</h2>
          <OrganisationInvitations organisation={organisation} />
        </section>
      )}
    </>
  );
}
