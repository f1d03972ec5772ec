import {
  AdminListGroupsForUserCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { initialsOf, type SessionUser } from '@studio/shared/auth';
import { staffRoles } from '@studio/shared/platform';
import { cognitoClient } from '../lib/cognito.ts';
import { config } from '../lib/config.ts';
import { recordAccount } from './account-status.ts';

/*
 * Self-service client accounts, through the pool's `site` app client. These are Cognito's public
 * (unauthenticated) operations, except AdminListGroupsForUser, which the `users` group is granted.
 * Cognito errors are passed on by name; the routes turn them into answers.
 */

const siteClientId = () => config().siteClientId;

/** Creates an UNCONFIRMED client; Cognito e-mails the code. Groups can never be set here. */
export async function signUpClient(input: { username: string; email: string; password: string }): Promise<void> {
  const created = await cognitoClient.send(
    new SignUpCommand({
      ClientId: siteClientId(),
      Username: input.email,
      Password: input.password,
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'name', Value: input.username },
        { Name: 'preferred_username', Value: input.username },
      ],
    }),
  );
  if (created.UserSub) await recordAccount(created.UserSub, { status: 'ACTIVE' });
}

export async function confirmClient(email: string, code: string): Promise<void> {
  await cognitoClient.send(
    new ConfirmSignUpCommand({ ClientId: siteClientId(), Username: email, ConfirmationCode: code }),
  );
}

/** E-mails a new sign-up code (the local emulator gets this target from scripts/local/cognito-server.ts). */
export async function resendSignUpCode(email: string): Promise<void> {
  await cognitoClient.send(new ResendConfirmationCodeCommand({ ClientId: siteClientId(), Username: email }));
}

export async function startPasswordReset(email: string): Promise<void> {
  await cognitoClient.send(new ForgotPasswordCommand({ ClientId: siteClientId(), Username: email }));
}

export async function finishPasswordReset(email: string, code: string, password: string): Promise<void> {
  await cognitoClient.send(
    new ConfirmForgotPasswordCommand({
      ClientId: siteClientId(),
      Username: email,
      ConfirmationCode: code,
      Password: password,
    }),
  );
}

/**
 * Email and password sign-in; the access token is what the API accepts. A challenge gives no
 * token: a staff account's forced new password, or the code of two-step sign-in, which only staff
 * accounts have (`challenge` says which).
 */
export async function passwordSignIn(
  email: string,
  password: string,
): Promise<{ token: string | null; challenge?: string }> {
  const result = await cognitoClient.send(
    new InitiateAuthCommand({
      ClientId: siteClientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return {
    token: result.AuthenticationResult?.AccessToken ?? null,
    ...(result.ChallengeName ? { challenge: result.ChallengeName } : {}),
  };
}

/** The signed-in account behind an access token, with its Cognito username (for admin calls). */
export async function accountOfToken(accessToken: string): Promise<{ cognitoUsername: string; user: SessionUser }> {
  const result = await cognitoClient.send(new GetUserCommand({ AccessToken: accessToken }));
  const attribute = (name: string) => result.UserAttributes?.find((a) => a.Name === name)?.Value;
  const email = attribute('email') ?? '';
  const name = attribute('name') ?? '';
  const username = attribute('preferred_username') ?? (name || email.split('@')[0] || '');
  return {
    cognitoUsername: result.Username!,
    user: {
      id: attribute('sub') ?? result.Username!,
      name: name || username,
      username,
      email,
      initials: initialsOf(name || username, email),
    },
  };
}

/** Whether the account is in any staff group (AdminListGroupsForUser; staff are few groups). */
export async function isStaffAccount(cognitoUsername: string): Promise<boolean> {
  const result = await cognitoClient.send(
    new AdminListGroupsForUserCommand({ UserPoolId: config().userPoolId, Username: cognitoUsername, Limit: 60 }),
  );
  const staff: readonly string[] = staffRoles;
  return (result.Groups ?? []).some((group) => staff.includes(group.GroupName ?? ''));
}
