import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import { userPoolDefinition } from '@studio/shared/platform';
import { config } from '../lib/config.ts';
import { lazy } from '../lib/lazy.ts';

/*
 * One account of the user pool, read with Cognito's AdminGetUser through the SDK's client. The
 * client is loaded with the first lookup, not at start, in the groups that need only an account's
 * name and e-mail now and then (`job-orders`, `documents`, the notifier); the account groups, which
 * import it at start anyway, share the same client (lib/cognito.ts).
 */
const cognito = lazy(async () => {
  const [{ cognitoClient }, { AdminGetUserCommand }] = await Promise.all([
    import('../lib/cognito.ts'),
    import('@aws-sdk/client-cognito-identity-provider'),
  ]);
  return { client: cognitoClient, AdminGetUserCommand };
});

export interface AccountRecord {
  /** The Cognito username (what admin operations take). */
  username: string;
  id: string;
  email: string;
  /** Cognito marks the e-mail verified (a confirmed sign-up, or set so by an administrator). */
  emailVerified: boolean;
  name: string;
  enabled: boolean;
  createdAt: string;
  /** The API marked the account as having set up two-step sign-in (`custom:mfa_enrolled`). */
  mfaEnrolled: boolean;
}

type AdminGetUserAnswer = Pick<UserType, 'Username' | 'Enabled' | 'UserCreateDate'> & {
  UserAttributes?: UserType['Attributes'];
};

function createdAt(value: Date | undefined): string {
  const time = value?.getTime() ?? NaN;
  return new Date(Number.isNaN(time) ? 0 : time).toISOString();
}

function toRecord(user: AdminGetUserAnswer): AccountRecord {
  const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  const email = attribute('email') ?? '';
  return {
    username: user.Username!,
    id: attribute('sub') ?? user.Username!,
    email,
    emailVerified: attribute('email_verified') === 'true',
    name: attribute('name') ?? email.split('@')[0] ?? '',
    enabled: user.Enabled !== false,
    createdAt: createdAt(user.UserCreateDate),
    mfaEnrolled: attribute(`custom:${userPoolDefinition.mfaEnrolledAttribute}`) === 'true',
  };
}

/** The account with this id (`sub`) or e-mail, or null when there is none. */
export async function findAccount(idOrEmail: string): Promise<AccountRecord | null> {
  const { client, AdminGetUserCommand } = await cognito();
  try {
    return toRecord(
      await client.send(new AdminGetUserCommand({ UserPoolId: config().userPoolId, Username: idOrEmail })),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return null;
    throw error;
  }
}
