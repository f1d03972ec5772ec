import { whenTokensCount } from '../data/account-status.ts';
import { endAllSessions, findAccount } from '../data/staff-accounts.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

/**
 * `POST api/users/sign-out-everywhere`: ends every session of the caller's account, this one
 * included, on every device (docs/access.md, "Revocation"): its tokens are refused from now on for
 * writes at once and for reads within a container's copy of the record, its refresh tokens are
 * revoked. Answered once a new sign-in is sure to count.
 */
export const signOutEverywhereRoute: RouteImpl<'signOutEverywhere'> = async ({ caller }) => {
  const account = await findAccount(caller!.userId);
  if (!account || account.id !== caller!.userId) throw new UnauthorizedError('Your session has ended. Sign in again.');
  const { tokensValidAfter } = await endAllSessions(account);
  await whenTokensCount(tokensValidAfter);
  return { message: 'You are signed out on every device. Sign in again to go on.' };
};
