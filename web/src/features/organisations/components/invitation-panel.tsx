import { useNavigate } from 'react-router-dom';
import { Link } from '../../../components/app-link.tsx';
import { FormAlert } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useMyInvitations } from '../api/list-my-invitations.ts';
import { roleHints, roleLabels } from './role-labels.ts';
import './organisations.css';

/** Signed out: what the invitation is, and sign up or log in, back here after. */
export function InvitationSignedOut({ invitationId }: { invitationId: string }) {
  const next = new URLSearchParams({ next: paths.invitation(invitationId) }).toString();
  return (
    <div className="invitation-card">
      <p>
        You were invited to join an organisation: its team orders, reviews and pays for retouching together. To see the
        invitation and accept it, sign up or log in with the e-mail address it was sent to.
      </p>
      <p className="invitation-card__actions">
        <Link className="button button--primary" to={`${paths.signup}?${next}`}>
          Sign up
        </Link>
        <Link className="button button--secondary" to={`${paths.login}?${next}`}>
          Log in
        </Link>
      </p>
    </div>
  );
}

/** Signed in: the pending invitation to this account, with Accept (then its organisation page). */
export function InvitationPanel({ invitationId }: { invitationId: string }) {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <QueryState query={invitations} loading="Loading the invitation..." isEmpty={() => false}>
      {(list) => {
        const invitation = list.find((i) => i.id === invitationId);
        if (!invitation) {
          return (
            <div className="invitation-card" role="alert">
              <p>
                There is no pending invitation with this link for your account. It may have been accepted, revoked or
                have expired, or it was sent to another e-mail address: log in with that one.
              </p>
              <p>
                <Link to={paths.organisation}>Your organisations</Link>
              </p>
            </div>
          );
        }
        return (
          <div className="invitation-card">
            <p>
              {invitation.invitedBy.name || 'An owner'} invited you to join{' '}
              <strong>{invitation.organisationName}</strong> as {roleLabels[invitation.role]} (
              {roleHints[invitation.role]}).
            </p>
            <p>Valid until {formatDateTime(invitation.expiresAt)}.</p>
            {accept.isError && (
              <FormAlert>{apiErrorText(accept.error, 'The invitation could not be accepted')}</FormAlert>
            )}
            <button
              type="button"
              className="button button--primary"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(invitation.id, {
                  onSuccess: (organisation) => void navigate(paths.organisationOf(organisation.id)),
                })
              }
            >
              {accept.isPending ? 'Accepting...' : 'Accept the invitation'}
            </button>
          </div>
        );
      }}
    </QueryState>
  );
}
