import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyInvitations } from '../api/list-my-invitations.ts';
import './organisations.css';

/** A small notice in the portal for each pending invitation to the signed-in client, with its link. */
export function PendingInvitationsNotice() {
  const invitations = useMyInvitations();
  const pending = invitations.data ?? [];
  if (pending.length === 0) return null;
  return (
    <aside className="organisation-notice" aria-label="Invitations">
      <ul>
        {pending.map((invitation) => (
          <li key={invitation.id}>
            {invitation.invitedBy.name || 'An owner'} invited you to join <strong>{invitation.organisationName}</strong>
            . <Link to={paths.invitation(invitation.id)}>See the invitation</Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
