import { createHash, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '@studio/shared/platform';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { keyNames, knownAddressKey, rateWindowKey, signInAttemptsKey, tableName, usedCodeKey } from './keys.ts';
import { writeUnlessRefused } from './transactions.ts';

/*
 * Counters that hold abuse back, kept in the table so every container (and every source address)
 * sees the same count (docs/data-model.md, "Abuse limits"). Each item carries `expiresAt` for
 * DynamoDB's time to live; the logic never waits for that removal, every item also says until
 * when it counts.
 */

/** The key form of a subject (an e-mail, an address, a user id): no personal data in keys. */
export function subjectHash(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 32);
}

const ttl = (atMs: number) => ({ [tableDefinition.ttlAttribute]: Math.ceil(atMs / 1000) });

export interface SignInLockPolicy {
  /** Attempts of one account that pass without any wait. */
  freeAttempts: number;
  /** The lock set from the attempt after the free ones; each further attempt doubles it. */
  baseLockMs: number;
  maxLockMs: number;
  /** Attempts older than this are forgotten. */
  forgetAfterMs: number;
}

/** How long attempt number `n` (counting from 1) locks the account. */
export function lockAfterAttempt(n: number, policy: SignInLockPolicy): number {
  if (n < policy.freeAttempts) return 0;
  return Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** (n - policy.freeAttempts));
}

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts a sign-in attempt of one account from one address before its password is checked, or
 * refuses it while that pair is locked. The count is read and written back conditional on the
 * version read, so parallel attempts each get their own number; from the last free attempt on,
 * each attempt locks the pair for its own period before it is tried, so parallel guesses meet the
 * lock at once. A successful sign-in from the address clears the count (`clearSignInAttempts`).
 * Another address of the same account is not held back by it: an attacker's failures lock the
 * attacker's address, never the owner's (docs/access.md, "Sign-in lockout").
 */
export async function beginSignInAttempt(
  account: string,
  address: string,
  policy: SignInLockPolicy,
  now: number,
): Promise<AttemptDecision> {
  const key = signInAttemptsKey(account, address);
  for (let tries = 0; tries < 5; tries++) {
    const read = await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const item = read.Item;
    const lockedUntil = (item?.lockedUntil as number | undefined) ?? 0;
    if (lockedUntil > now) return { allowed: false, retryAfterMs: lockedUntil - now };
    const recent = item && now - (item.lastAttemptAt as number) < policy.forgetAfterMs;
    const attempts = (recent ? (item.attempts as number) : 0) + 1;
    const lock = lockAfterAttempt(attempts, policy);
    const version = (item?.version as number | undefined) ?? 0;
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            type: 'SignInAttempts',
            attempts,
            lastAttemptAt: now,
            lockedUntil: lock > 0 ? now + lock : 0,
            version: version + 1,
            ...ttl(now + Math.max(policy.forgetAfterMs, lock)),
          },
          ConditionExpression: item ? '#version = :version' : 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: item ? { '#version': 'version' } : { '#pk': keyNames.pk },
          ...(item ? { ExpressionAttributeValues: { ':version': version } } : {}),
        }),
      );
      return { allowed: true };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  // Five writers in a row got there first: that is a flood, not a person.
  return { allowed: false, retryAfterMs: policy.baseLockMs };
}

/** A successful sign-in (or password reset) from the address: its attempts are forgotten. */
export async function clearSignInAttempts(account: string, address: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: signInAttemptsKey(account, address) }));
}

/** Whether the account signed in, or reset its password, from this address within its time (`rememberAddress`). */
export async function isKnownAddress(account: string, address: string, now: number): Promise<boolean> {
  const read = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: knownAddressKey(account, address), ConsistentRead: true }),
  );
  return ((read.Item?.knownUntil as number | undefined) ?? 0) > now;
}

/** Remembers that the account's owner proved itself from this address, for `forMs` from `now`. */
export async function rememberAddress(account: string, address: string, now: number, forMs: number): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...knownAddressKey(account, address),
        type: 'KnownAddress',
        knownUntil: now + forMs,
        ...ttl(now + forMs),
      },
    }),
  );
}

/**
 * Takes an authenticator code of one account, once: false when the account used this code within
 * `forMs` already. One conditional put, so two requests racing with the same code get one `true`.
 */
export async function takeOneTimeCode(account: string, code: string, now: number, forMs: number): Promise<boolean> {
  return writeUnlessRefused(
    new PutCommand({
      TableName: tableName(),
      Item: { ...usedCodeKey(account, code), type: 'UsedCode', usedUntil: now + forMs, ...ttl(now + forMs) },
      ConditionExpression: 'attribute_not_exists(#pk) OR #usedUntil < :now',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#usedUntil': 'usedUntil' },
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

export interface WindowLimit {
  /** The limit's name in keys and logs: `resend-code:address`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Takes one request from `subject`'s allowance under `rule` in the current fixed window: one
 * conditional update adds the request's own id to the window's set while the set is under the
 * limit. A set, not a counter, so that the SDK sending the same update again (its first attempt
 * timed out, yet reached the table) counts the request once. Refused requests are not counted.
 */
export async function takeFromWindow(rule: WindowLimit, subject: string, now: number): Promise<AttemptDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const request = randomUUID();
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateWindowKey(rule.name, subject, start / 1000),
        UpdateExpression: 'ADD #requests :request SET #type = :type, #expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#requests) OR size(#requests) < :limit OR contains(#requests, :id)',
        ExpressionAttributeNames: {
          '#requests': 'requests',
          '#type': 'type',
          '#expiresAt': tableDefinition.ttlAttribute,
        },
        ExpressionAttributeValues: {
          ':request': new Set([request]),
          ':id': request,
          ':limit': rule.limit,
          ':type': 'RateWindow',
          ':expiresAt': Math.ceil((start + windowMs) / 1000),
        },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { allowed: false, retryAfterMs: start + windowMs - now };
  }
}
