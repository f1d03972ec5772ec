import type middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { staffMfaPolicy } from '@studio/shared/platform';
import type { RouteDefinition } from '@studio/shared/routes';
import { cachedAccountRecord, freshAccountRecord, type AccountRecord } from '../data/account-status.ts';
import type { Caller } from './caller.ts';
import { config, tuning } from './config.ts';
import { UnauthorizedError } from './errors.ts';
import { requestTimeOf } from './request-time.ts';

/*
 * Access that ends when it should (docs/access.md, "Revocation"). A Cognito access token stays
 * valid until it expires, whatever happens to its account, so every authenticated request is
 * checked here, after the route's access list:
 *   1. the role comes from the app client meant for it: staff groups only on tokens of the staff
 *      app client, clients only on tokens of the site app client;
 *   2. the account's status record (data/account-status.ts) says it is active, and the token was
 *      authenticated after the record's `tokensValidAfter` (set when access ends or returns, at a
 *      password reset and at "sign out everywhere");
 *   3. a staff role that requires two-step sign-in (`staffMfaPolicy`) has enrolled it, and a staff
 *      token is one the staff sign-in issued and recorded (`staffSessions`), with the second factor
 *      its rule asks for (docs/decisions/staff-mfa.md).
 * A write (any method but GET) reads the record itself on every request, so a disabled, deleted or
 * signed-out account writes nothing more from the moment the change is stored. A read may use this
 * container's copy of the record for up to `accountStatusCacheSeconds` (30 s by default), counted
 * in request time: that is the longest a read still works in a container the change did not reach
 * (the change drops the copy of the container that makes it; locally every route group shares one).
 * A copy that would refuse is read again before refusing. An account with no record (created
 * before records existed, or outside the API) counts as active without a second factor. Every
 * refusal is the same 401 in the envelope: sign in again.
 */

const refused = (message: string) => new UnauthorizedError(message);

/** Why a caller's token is not for this app at all (the app client of its role), or null. */
export function clientRefusal(caller: Caller, clients: { site: string; staff: string }): string | null {
  const staff = caller.principal !== 'CLIENT';
  if (caller.clientId === (staff ? clients.staff : clients.site)) return null;
  return staff
    ? 'A staff account signs in on the staff sign-in page. Sign in there.'
    : 'This sign-in is not valid here. Sign in again.';
}

/** Why a caller with this record may not go on, or null when it may. */
export function refusal(caller: Caller, record: AccountRecord | null, clients: { site: string; staff: string }) {
  // An API key (#36) has no app client nor sign-in time: it works while its maker's account is active.
  if (caller.apiKey) {
    return record && record.status !== 'ACTIVE' ? 'The account that made this API key is no longer active.' : null;
  }
  const early = clientRefusal(caller, clients);
  if (early) return early;
  if (record && record.status !== 'ACTIVE') return 'Your session has ended. Sign in again.';
  if (record?.tokensValidAfter !== undefined && (caller.authTime ?? 0) < record.tokensValidAfter) {
    return 'Your session has ended. Sign in again.';
  }
  if (caller.principal !== 'CLIENT') {
    if (staffMfaPolicy[caller.principal] === 'required' && !record?.mfaEnabled) {
      return 'Your role signs in with a code from an authenticator app. Sign in again to set it up.';
    }
    // Only the staff sign-in issues staff tokens the API takes, each after the second factor its
    // rule asks for: a token had from Cognito by other means is not one of them.
    if (!caller.tokenId || !record?.staffSessions.has(caller.tokenId)) {
      return 'Sign in again on the staff sign-in page.';
    }
  }
  return null;
}

/** Checks every authenticated request's token against its app client and its account's record. */
export function accountCheck(
  definition: RouteDefinition,
): middy.MiddlewareObj<
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context & { state?: { caller: Caller | null } }
> {
  const write = definition.method !== 'GET';
  return {
    before: async (request) => {
      const caller = request.context.state?.caller;
      if (definition.access === 'public' || !caller) return;
      const clients = { site: config().siteClientId, staff: config().staffClientId };
      // The app client needs no read: refuse a token of the wrong client before touching the table.
      const early = caller.apiKey ? null : clientRefusal(caller, clients);
      if (early) throw refused(early);
      const now = requestTimeOf(request.event);
      const maxAgeMs = tuning().accountStatusCacheSeconds * 1000;
      if (!write) {
        const kept = await cachedAccountRecord(caller.userId, now, maxAgeMs);
        if (!refusal(caller, kept, clients)) return;
      }
      const reason = refusal(caller, await freshAccountRecord(caller.userId, now, maxAgeMs), clients);
      if (reason) throw refused(reason);
    },
  };
}
