import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { staffRoles, userPoolDefinition, type StaffRole } from '@studio/shared/platform';
import type { StaffUser } from '@studio/shared/user';
import { cognitoClient } from '../lib/cognito.ts';
import { config } from '../lib/config.ts';
import type { AccountRecord } from './account-lookup.ts';
import { recordAccount, type AccountChange } from './account-status.ts';

// One lookup of an account for every group (data/account-lookup.ts).
export { findAccount, type AccountRecord } from './account-lookup.ts';

/*
 * Staff accounts in the Cognito user pool: sign-in through the `staff` app client, and the
 * administrator operations a SUPER_ADMIN triggers (invite, disable / enable, delete). The pool stays
 * the one source of who is staff (group), and whether they are enabled. Cognito errors are passed
 * on by name; the routes turn them into answers.
 */

export type StaffSignInResult =
  | { kind: 'signed-in'; accessToken: string; expiresInSeconds: number; withSecondFactor: boolean }
  | { kind: 'new-password-required' }
  | { kind: 'mfa-code-required' }
  | { kind: 'refused' };

/**
 * Email and password through the staff app client. An invited account still holding its
 * temporary password gets `new-password-required` unless `newPassword` is given, in which case the
 * challenge is answered and the account is signed in with the new password. An account with
 * two-step sign-in gets `mfa-code-required` unless `mfaCode` is given, which answers Cognito's
 * SOFTWARE_TOKEN_MFA challenge (a wrong code throws CodeMismatchException); `beforeCode` runs once
 * the password is known right, just before the code is sent.
 */
export async function staffPasswordSignIn(
  email: string,
  password: string,
  newPassword: string | undefined,
  mfaCode?: string,
  beforeCode: () => Promise<void> = async () => undefined,
): Promise<StaffSignInResult> {
  const clientId = config().staffClientId;
  const started = await cognitoClient.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (started.AuthenticationResult?.AccessToken) {
    return {
      kind: 'signed-in',
      accessToken: started.AuthenticationResult.AccessToken,
      expiresInSeconds: started.AuthenticationResult.ExpiresIn ?? 3600,
      withSecondFactor: false,
    };
  }
  if (started.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!mfaCode) return { kind: 'mfa-code-required' };
    await beforeCode();
    const answered = await cognitoClient.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: {
          USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
          SOFTWARE_TOKEN_MFA_CODE: mfaCode,
        },
      }),
    );
    const token = answered.AuthenticationResult?.AccessToken;
    return token
      ? {
          kind: 'signed-in',
          accessToken: token,
          expiresInSeconds: answered.AuthenticationResult?.ExpiresIn ?? 3600,
          withSecondFactor: true,
        }
      : { kind: 'refused' };
  }
  if (started.ChallengeName !== 'NEW_PASSWORD_REQUIRED') return { kind: 'refused' };
  if (!newPassword) return { kind: 'new-password-required' };
  const answered = await cognitoClient.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
    }),
  );
  const token = answered.AuthenticationResult?.AccessToken;
  return token
    ? {
        kind: 'signed-in',
        accessToken: token,
        expiresInSeconds: answered.AuthenticationResult?.ExpiresIn ?? 3600,
        withSecondFactor: false,
      }
    : { kind: 'refused' };
}

/** Starts setting up an authenticator app for the signed-in account: the secret to add to it. */
export async function startMfaSetup(accessToken: string): Promise<string> {
  const result = await cognitoClient.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  return result.SecretCode!;
}

/**
 * Finishes the set-up with a code the app computed from that secret (a wrong code throws
 * CodeMismatchException, or EnableSoftwareTokenMFAException on AWS) and makes the code required
 * at every later sign-in.
 */
export async function confirmMfaSetup(accessToken: string, code: string): Promise<void> {
  await cognitoClient.send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'Authenticator' }),
  );
  await cognitoClient.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
}

/**
 * Marks the account as having set up two-step sign-in (`custom:mfa_enrolled`, which no app client
 * may write): from its next sign-in on, the pool issues it access tokens that cannot manage its
 * second factor (functions/src/triggers/pre-token-generation.ts).
 */
export async function markMfaEnrolled(username: string): Promise<void> {
  await cognitoClient.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: config().userPoolId,
      Username: username,
      UserAttributes: [{ Name: `custom:${userPoolDefinition.mfaEnrolledAttribute}`, Value: 'true' }],
    }),
  );
}

function attribute(attributes: AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

/** The strongest staff role of an account (SUPER_ADMIN > MANAGER > EDITOR), or null for a client. */
export async function staffRoleOf(username: string): Promise<StaffRole | null> {
  const result = await cognitoClient.send(
    new AdminListGroupsForUserCommand({ UserPoolId: config().userPoolId, Username: username, Limit: 60 }),
  );
  const groups = (result.Groups ?? []).map((group) => group.GroupName ?? '');
  return staffRoles.find((role) => groups.includes(role)) ?? null;
}

export function staffUserOf(account: AccountRecord, role: StaffRole): StaffUser {
  return {
    id: account.id,
    username: account.name,
    email: account.email,
    role,
    status: account.enabled ? 'ACTIVE' : 'DISABLED',
    createdAt: account.createdAt,
  };
}

/**
 * Creates a staff account in one group. Cognito e-mails the invitation with a temporary password
 * (the local emulator delivers it to the mailbox); the first sign-in asks for a new password.
 * If adding to the group fails, the half-made account is removed again so no group-less
 * account (which would count as a client) is left behind.
 */
export async function inviteStaffAccount(input: { email: string; name: string; role: StaffRole }): Promise<StaffUser> {
  const poolId = config().userPoolId;
  const created = await cognitoClient.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: input.email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: input.name },
      ],
    }),
  );
  const username = created.User!.Username!;
  try {
    await cognitoClient.send(
      new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: input.role }),
    );
  } catch (error) {
    await cognitoClient.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: username }));
    throw error;
  }
  const email = attribute(created.User!.Attributes, 'email') ?? input.email;
  const id = attribute(created.User!.Attributes, 'sub') ?? username;
  await recordAccount(id, { status: 'ACTIVE' });
  return {
    id,
    username: input.name,
    email,
    role: input.role,
    status: 'ACTIVE',
    createdAt: (created.User!.UserCreateDate ?? new Date()).toISOString(),
  };
}

/** Revokes every refresh token of the account, so no new access token comes without signing in. */
async function signOutEverywhere(username: string): Promise<void> {
  await cognitoClient.send(new AdminUserGlobalSignOutCommand({ UserPoolId: config().userPoolId, Username: username }));
}

/**
 * Ends every session of the account (a password reset, "sign out everywhere", a second factor set
 * up, with `also` recorded in the same write): every token issued until now is refused by the API
 * from the moment the record is stored, and by Cognito's own self-service operations once it has
 * signed the account out everywhere, which also revokes its refresh tokens. Returns when a token
 * issued from then on counts (`whenTokensCount`).
 */
export async function endAllSessions(
  account: Pick<AccountRecord, 'id' | 'username'>,
  also: Omit<AccountChange, 'revokeTokens'> = {},
): Promise<{ tokensValidAfter?: number }> {
  const revoked = await recordAccount(account.id, { ...also, revokeTokens: true });
  await signOutEverywhere(account.username);
  return revoked;
}

/**
 * Signs the account out of Cognito everywhere without touching the API's record: the tokens
 * issued until now can no longer call Cognito's self-service operations (an account that has just
 * been marked enrolled, whose earlier tokens still carry the scope for them).
 */
export async function revokeAtCognito(account: Pick<AccountRecord, 'username'>): Promise<void> {
  await signOutEverywhere(account.username);
}

/**
 * Disables or enables an account. Disabling records the account as disabled first (the API
 * refuses its writes from then on, and its reads within a container's copy of the record), then
 * disables it in Cognito and revokes its refresh tokens. Enabling enables it in Cognito first,
 * then records it active with tokens counting only from now, so a token from before the disable
 * stays refused.
 */
export async function setAccountEnabled(
  account: Pick<AccountRecord, 'id' | 'username'>,
  enabled: boolean,
): Promise<{ tokensValidAfter?: number }> {
  const poolId = config().userPoolId;
  if (enabled) {
    await cognitoClient.send(new AdminEnableUserCommand({ UserPoolId: poolId, Username: account.username }));
    return recordAccount(account.id, { status: 'ACTIVE', revokeTokens: true });
  }
  const revoked = await recordAccount(account.id, { status: 'DISABLED', revokeTokens: true });
  await cognitoClient.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: account.username }));
  await signOutEverywhere(account.username);
  return revoked;
}

/** Deletes an account: recorded as deleted first (its tokens are refused), then signed out and deleted. */
export async function deleteAccount(account: Pick<AccountRecord, 'id' | 'username'>): Promise<void> {
  await recordAccount(account.id, { status: 'DELETED', revokeTokens: true });
  await signOutEverywhere(account.username);
  await cognitoClient.send(new AdminDeleteUserCommand({ UserPoolId: config().userPoolId, Username: account.username }));
}
