import { useParams } from 'react-router-dom';
import { PageBanner, PublicPage } from '../layout/public-page.tsx';
import { InvitationPanel, InvitationSignedOut } from '../../features/organisations/components/invitation-panel.tsx';
import { useSession } from '../../lib/session.ts';

/**
 * `/invitations/:invitationId` (#35), the link an invitation's e-mail carries: signed out it says
 * what it is and offers sign-up and log-in, which come back here; signed in it shows the invitation
 * with Accept.
 */
export function InvitationRoute() {
  const { invitationId = '' } = useParams();
  const { user } = useSession();
  return (
    <PublicPage title="Invitation">
      <PageBanner title="Your invitation" />
      <section className="page-section">
        <div className="container">
          {user ? <InvitationPanel invitationId={invitationId} /> : <InvitationSignedOut invitationId={invitationId} />}
        </div>
      </section>
    </PublicPage>
  );
}
