import { jsonResponse } from './fetch-stub.ts';

/** The stub of the dashboard's read of the client's pending invitations (#35): none. */
export const noPendingInvitationsStub = {
  'GET /api/invitations': () => jsonResponse({ invitations: [] }),
};
