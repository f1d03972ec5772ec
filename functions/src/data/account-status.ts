import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';
import { accountStatusKey, tableName } from './keys.ts';

/*
 * The API's record of each account (docs/data-model.md, "Account status"): whether it may still
 * call the API, since when its tokens count, and whether it has enrolled two-step sign-in. Cognito
 * stays the source of who exists and in which group; this record is what every authenticated
 * request checks (lib/account-check.ts), because a Cognito access token stays valid until it
 * expires whatever happens to the account. It is written before the Cognito change when access
 * ends (disable, delete) and after it when access returns (enable), so a failure in between errs
 * on the side of refusing.
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
}

/** The record of an account, or null for an account with none (created before records, or outside the API). */
export async function readAccountRecord(userId: string): Promise<AccountRecord | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: accountStatusKey(userId), ConsistentRead: true }),
  );
  if (!result.Item) return null;
  return {
    userId,
    status: result.Item.status as AccountStatus,
    tokensValidAfter: result.Item.tokensValidAfter as number | undefined,
    mfaEnabled: result.Item.mfaEnabled as boolean | undefined,
  };
}

export interface AccountChange {
  status?: AccountStatus;
  /** Refuse every token authenticated before now (access ends, returns, or a second factor is added). */
  revokeTokens?: boolean;
  mfaEnabled?: boolean;
}

/** Creates or updates an account's record. */
export async function recordAccount(userId: string, change: AccountChange, now = new Date()): Promise<void> {
  const sets = ['#type = :type', '#userId = :userId', '#updatedAt = :now'];
  const names: Record<string, string> = { '#type': 'type', '#userId': 'userId', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':type': 'AccountStatus', ':userId': userId, ':now': now.toISOString() };
  // A record first written by a change that names no status (a second factor) is an active account.
  sets.push('#status = ' + (change.status ? ':status' : 'if_not_exists(#status, :active)'));
  names['#status'] = 'status';
  values[change.status ? ':status' : ':active'] = change.status ?? 'ACTIVE';
  if (change.revokeTokens) {
    sets.push('#after = :after');
    names['#after'] = 'tokensValidAfter';
    values[':after'] = Math.floor(now.getTime() / 1000) + 1;
  }
  if (change.mfaEnabled !== undefined) {
    sets.push('#mfa = :mfa');
    names['#mfa'] = 'mfaEnabled';
    values[':mfa'] = change.mfaEnabled;
  }
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: accountStatusKey(userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
