import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';
import { accountStatusKey, tableName } from './keys.ts';

/*
 * The API's record of each account (docs/data-model.md, "Account record"): whether it may still
 * call the API, since when its tokens count, and whether it has enrolled two-step sign-in. Cognito
 * stays the source of who exists and in which group; this record is what every authenticated
 * request checks (lib/account-check.ts), because a Cognito access token stays valid until it
 * expires whatever happens to the account. It is written before the Cognito change when access
 * ends (disable, delete, sign out everywhere) and after it when access returns (enable), so a
 * failure in between errs on the side of refusing.
 *
 * Reads may be served from this container's copy for a short while (`cachedAccountRecord`); writes
 * of the API always read the record itself, and every change of the record here drops this
 * container's copy (docs/access.md, "Revocation").
 */

export type AccountStatus = 'ACTIVE' | 'DISABLED' | 'DELETED';

export interface AccountRecord {
  userId: string;
  status: AccountStatus;
  /**
   * Tokens authenticated before this time (epoch seconds) are refused. Tokens carry whole seconds,
   * so it is the second after the change: a token of the very second of the change is refused too.
   */
  tokensValidAfter?: number;
  /** The account signs in with a TOTP code (Cognito software token). */
  mfaEnabled?: boolean;
  /**
   * The staff sign-ins the API made (`POST api/admin/signin`), each with the second factor its role
   * or its enrolment asks for: token id (`jti`) to the token's expiry (epoch s). A staff token not
   * listed here was not issued by that sign-in and is refused (docs/decisions/staff-mfa.md).
   */
  staffSessions: Map<string, number>;
}

/** `<token id>|<expiry, epoch s>`: one element of the record's `staffSessions` string set. */
const sessionElement = (tokenId: string, expiresAt: number) => `${tokenId}|${expiresAt}`;

function sessionsOf(value: unknown): Map<string, number> {
  const sessions = new Map<string, number>();
  if (!(value instanceof Set)) return sessions;
  for (const element of value as Set<unknown>) {
    if (typeof element !== 'string') continue;
    const cut = element.lastIndexOf('|');
    sessions.set(element.slice(0, cut), Number(element.slice(cut + 1)));
  }
  return sessions;
}

/** The record of an account, or null for an account with none (created before records, or outside the API). */
export async function readAccountRecord(userId: string): Promise<AccountRecord | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: accountStatusKey(userId), ConsistentRead: true }),
  );
  const record = result.Item
    ? {
        userId,
        status: result.Item.status as AccountStatus,
        tokensValidAfter: result.Item.tokensValidAfter as number | undefined,
        mfaEnabled: result.Item.mfaEnabled as boolean | undefined,
        staffSessions: sessionsOf(result.Item.staffSessions),
      }
    : null;
  return record;
}

interface Cached {
  record: AccountRecord | null;
  readAt: number;
}

/** This container's copies of records, by user id: what reads may go on within their age. */
const cache = new Map<string, Cached>();
/** Bounds memory in a long-lived container; entries past the limit are dropped oldest first. */
const maxCached = 5000;

/**
 * The record as this container last read it, if it is younger than `maxAgeMs` at `now`, else read
 * again (and kept, when it lets the account in: a refusal is never kept, so an account enabled
 * again works at once).
 */
export async function cachedAccountRecord(
  userId: string,
  now: number,
  maxAgeMs: number,
): Promise<AccountRecord | null> {
  const hit = cache.get(userId);
  if (hit && now - hit.readAt < maxAgeMs) return hit.record;
  return freshAccountRecord(userId, now, maxAgeMs);
}

/** Reads the record itself, and keeps it as this container's copy from `now` (when `maxAgeMs` > 0). */
export async function freshAccountRecord(userId: string, now: number, maxAgeMs: number): Promise<AccountRecord | null> {
  const record = await readAccountRecord(userId);
  cache.delete(userId);
  if (maxAgeMs > 0 && (!record || record.status === 'ACTIVE')) {
    cache.set(userId, { record, readAt: now });
    if (cache.size > maxCached) cache.delete(cache.keys().next().value!);
  }
  return record;
}

export interface AccountChange {
  status?: AccountStatus;
  /**
   * Refuse every token authenticated before now (access ends, returns, or a second factor is
   * added): `tokensValidAfter` moves on and the recorded staff sign-ins are forgotten.
   */
  revokeTokens?: boolean;
  mfaEnabled?: boolean;
}

/**
 * Creates or updates an account's record, and drops this container's copy of it. Returns the
 * record's `tokensValidAfter` when the change revoked tokens (see `whenTokensCount`).
 */
export async function recordAccount(
  userId: string,
  change: AccountChange,
  now = new Date(),
): Promise<{ tokensValidAfter?: number }> {
  const sets = ['#type = :type', '#userId = :userId', '#updatedAt = :now'];
  const names: Record<string, string> = { '#type': 'type', '#userId': 'userId', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':type': 'AccountStatus', ':userId': userId, ':now': now.toISOString() };
  // A record first written by a change that names no status (a second factor) is an active account.
  sets.push('#status = ' + (change.status ? ':status' : 'if_not_exists(#status, :active)'));
  names['#status'] = 'status';
  values[change.status ? ':status' : ':active'] = change.status ?? 'ACTIVE';
  const tokensValidAfter = change.revokeTokens ? Math.floor(now.getTime() / 1000) + 1 : undefined;
  if (tokensValidAfter !== undefined) {
    sets.push('#after = :after');
    names['#after'] = 'tokensValidAfter';
    values[':after'] = tokensValidAfter;
  }
  if (change.mfaEnabled !== undefined) {
    sets.push('#mfa = :mfa');
    names['#mfa'] = 'mfaEnabled';
    values[':mfa'] = change.mfaEnabled;
  }
  if (tokensValidAfter !== undefined) names['#sessions'] = 'staffSessions';
  // Dropped before the write too: a read racing the write must not keep the old copy past it.
  cache.delete(userId);
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: accountStatusKey(userId),
      UpdateExpression: `SET ${sets.join(', ')}${tokensValidAfter !== undefined ? ' REMOVE #sessions' : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  cache.delete(userId);
  return tokensValidAfter === undefined ? {} : { tokensValidAfter };
}

/**
 * Records a staff sign-in made by the API with the second factor its rule asks for: its access
 * token (`tokenId`, the `jti`) counts until `expiresAt` (epoch s). Sign-ins whose tokens have
 * expired (`record.staffSessions`, as read before) are forgotten meanwhile.
 */
export async function recordStaffSession(
  record: Pick<AccountRecord, 'userId' | 'staffSessions'> | null,
  userId: string,
  session: { tokenId: string; expiresAt: number },
  now = new Date(),
): Promise<void> {
  cache.delete(userId);
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: accountStatusKey(userId),
      UpdateExpression:
        'ADD #sessions :session SET #type = :type, #userId = :userId, #status = if_not_exists(#status, :active), #updatedAt = :now',
      ExpressionAttributeNames: {
        '#sessions': 'staffSessions',
        '#type': 'type',
        '#userId': 'userId',
        '#status': 'status',
        '#updatedAt': 'updatedAt',
      },
      ExpressionAttributeValues: {
        ':session': new Set([sessionElement(session.tokenId, session.expiresAt)]),
        ':type': 'AccountStatus',
        ':userId': userId,
        ':active': 'ACTIVE',
        ':now': now.toISOString(),
      },
    }),
  );
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expired = [...(record?.staffSessions ?? new Map<string, number>())]
    .filter(([, expiresAt]) => expiresAt < nowSeconds)
    .map(([tokenId, expiresAt]) => sessionElement(tokenId, expiresAt));
  if (expired.length > 0) {
    // A separate update: one expression may not both add to and delete from the same set.
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: accountStatusKey(userId),
        UpdateExpression: 'DELETE #sessions :expired',
        ExpressionAttributeNames: { '#sessions': 'staffSessions' },
        ExpressionAttributeValues: { ':expired': new Set(expired) },
      }),
    );
  }
  cache.delete(userId);
}

/**
 * Waits until a token Cognito issues now is counted after `tokensValidAfter` (at most a second):
 * tokens carry whole seconds, so a sign-in in the very second of a revocation would be refused.
 * A route that ends sessions and is followed by a new sign-in (reset, sign out everywhere, enable)
 * answers once a new sign-in is sure to work.
 */
export async function whenTokensCount(tokensValidAfter: number | undefined): Promise<void> {
  if (tokensValidAfter === undefined) return;
  const wait = tokensValidAfter * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 20));
}
