import { userPoolDefinition } from '@studio/shared/platform';
import { config } from '../lib/config.ts';
import { awsError, awsFetch } from '../lib/aws-fetch.ts';
import { cognitoBudget } from '../lib/sdk-options.ts';

/*
 * One account of the user pool, read with Cognito's AdminGetUser. It is sent as a signed `fetch`
 * (lib/aws-fetch.ts), not through the SDK's Cognito client, so that the groups that only need
 * an account's name and e-mail (`job-orders`, `documents`) do not carry that client (31 KB);
 * the account groups, which carry it anyway, use this same lookup (data/staff-accounts.ts).
 */

export interface AccountRecord {
  /** The Cognito username (what admin operations take). */
  username: string;
  id: string;
  email: string;
  name: string;
  enabled: boolean;
  createdAt: string;
  /** The API marked the account as having set up two-step sign-in (`custom:mfa_enrolled`). */
  mfaEnrolled: boolean;
}

interface AdminGetUserAnswer {
  Username?: string;
  UserAttributes?: { Name?: string; Value?: string }[];
  Enabled?: boolean;
  /** Epoch seconds from Cognito (the emulator answers an ISO date). */
  UserCreateDate?: number | string;
}

function createdAt(value: number | string | undefined): string {
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  const parsed = value === undefined ? NaN : Date.parse(value);
  return new Date(Number.isNaN(parsed) ? 0 : parsed).toISOString();
}

function toRecord(user: AdminGetUserAnswer): AccountRecord {
  const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  const email = attribute('email') ?? '';
  return {
    username: user.Username!,
    id: attribute('sub') ?? user.Username!,
    email,
    name: attribute('name') ?? email.split('@')[0] ?? '',
    enabled: user.Enabled !== false,
    createdAt: createdAt(user.UserCreateDate),
    mfaEnrolled: attribute(`custom:${userPoolDefinition.mfaEnrolledAttribute}`) === 'true',
  };
}

/** The account with this id (`sub`) or e-mail, or null when there is none. */
export async function findAccount(idOrEmail: string): Promise<AccountRecord | null> {
  const response = await awsFetch({
    service: 'cognito-idp',
    endpointId: 'COGNITO_IDENTITY_PROVIDER',
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
    },
    body: JSON.stringify({ UserPoolId: config().userPoolId, Username: idOrEmail }),
    budget: cognitoBudget,
  });
  if (response.ok) return toRecord((await response.json()) as AdminGetUserAnswer);
  const error = await awsError('cognito-idp', response);
  if (error.name === 'UserNotFoundException') return null;
  throw error;
}
