import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AdminGetUserCommandOutput,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { staffRoles, type StaffRole } from '@studio/shared/platform';
import type { StaffUser } from '@studio/shared/user';
import { cognitoClient } from '../lib/cognito.ts';
import { config } from '../lib/config.ts';

/*
 * Staff accounts in the Cognito user pool: sign-in through the `staff` app client, and the
 * administrator operations a SUPER_ADMIN triggers (invite, disable / enable, delete). The pool stays
 * the one source of who is staff (group), and whether they are enabled. Cognito errors are passed
 * on by name; the routes turn them into answers.
 */

export type StaffSignInResult =
  | { kind: 'signed-in'; accessToken: string; expiresInSeconds: number }
  | { kind: 'new-password-required' }
  | { kind: 'refused' };

/**
 * Email and password through the staff app client. An invited account still holding its
 * temporary password gets `new-password-required` unless `newPassword` is given, in which case the
 * challenge is answered and the account is signed in with the new password.
 */
export async function staffPasswordSignIn(
  email: string,
  password: string,
  newPassword: string | undefined,
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
    };
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
    ? { kind: 'signed-in', accessToken: token, expiresInSeconds: answered.AuthenticationResult?.ExpiresIn ?? 3600 }
    : { kind: 'refused' };
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

export interface AccountRecord {
  /** The Cognito username (what admin operations take). */
  username: string;
  id: string;
  email: string;
  name: string;
  enabled: boolean;
  createdAt: string;
}

function toRecord(user: AdminGetUserCommandOutput): AccountRecord {
  const email = attribute(user.UserAttributes, 'email') ?? '';
  return {
    username: user.Username!,
    id: attribute(user.UserAttributes, 'sub') ?? user.Username!,
    email,
    name: attribute(user.UserAttributes, 'name') ?? email.split('@')[0] ?? '',
    enabled: user.Enabled !== false,
    createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
  };
}

/** The account with this id (`sub`) or e-mail, or null when there is none. */
export async function findAccount(idOrEmail: string): Promise<AccountRecord | null> {
  try {
    const user = await cognitoClient.send(
      new AdminGetUserCommand({ UserPoolId: config().userPoolId, Username: idOrEmail }),
    );
    return toRecord(user);
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return null;
    throw error;
  }
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
  return {
    id: attribute(created.User!.Attributes, 'sub') ?? username,
    username: input.name,
    email,
    role: input.role,
    status: 'ACTIVE',
    createdAt: (created.User!.UserCreateDate ?? new Date()).toISOString(),
  };
}

export async function setAccountEnabled(username: string, enabled: boolean): Promise<void> {
  const command = enabled
    ? new AdminEnableUserCommand({ UserPoolId: config().userPoolId, Username: username })
    : new AdminDisableUserCommand({ UserPoolId: config().userPoolId, Username: username });
  await cognitoClient.send(command);
}

export async function deleteAccount(username: string): Promise<void> {
  await cognitoClient.send(new AdminDeleteUserCommand({ UserPoolId: config().userPoolId, Username: username }));
}
