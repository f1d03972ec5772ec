import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import '../../../scripts/test-setup/provided-context.ts';
import { provided } from '../../../scripts/test-setup/suite-context.ts';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@studio/shared/errors';
import { freshCode } from '../../../scripts/test-setup/authenticator-codes.ts';
import { seededStaffSession } from '../../../scripts/test-setup/staff-sessions.ts';
import { requestFrom, type RequestFromInit } from '../request-from.ts';
import { checkAgainstDocument } from './openapi-check.ts';

export { ownLoopback } from '../request-from.ts';

export const gatewayUrl = () => provided('gatewayUrl');

export function cognito() {
  return new CognitoIdentityProviderClient({
    endpoint: provided('cognitoEndpoint'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

export async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(gatewayUrl() + path, { ...init, headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (json !== undefined) checkAgainstDocument(init.method ?? 'GET', path, response.status, json);
  return { status: response.status, headers: response.headers, json, text };
}

/** Asserts the body is the one error envelope with this status, and returns it. */
export function expectEnvelope(body: unknown, status: number): ErrorEnvelope {
  const envelope = errorEnvelopeSchema.parse(body);
  if (envelope.statusCode !== status) {
    throw new Error(`expected envelope status ${status}, got ${envelope.statusCode}: ${envelope.message}`);
  }
  return envelope;
}

export type Role = 'ANONYMOUS' | 'CLIENT_A' | 'CLIENT_B' | 'EDITOR' | 'MANAGER' | 'SUPER_ADMIN';
export const roles: Role[] = ['ANONYMOUS', 'CLIENT_A', 'CLIENT_B', 'EDITOR', 'MANAGER', 'SUPER_ADMIN'];

export interface Identity {
  role: Role;
  token: string | undefined;
  userId: string | undefined;
}

/**
 * Signs in straight through Cognito, answering the two-step challenge with a fresh code computed
 * from the account's authenticator secret (RFC 6238), as the account's owner would with their app.
 * The API takes a staff token got this way from no one (only its own staff sign-in's); client
 * tokens are what Cognito hands out.
 */
export async function signIn(email: string, password: string, clientId: string, totpSecret?: string) {
  const result = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error(`${email} signs in with a code, and no authenticator secret was given`);
    const answered = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: result.Session,
        ChallengeResponses: {
          USERNAME: email,
          SOFTWARE_TOKEN_MFA_CODE: await freshCode(totpSecret, { stateFile: provided('totpStateFile') }),
        },
      }),
    );
    return answered.AuthenticationResult!.AccessToken!;
  }
  return result.AuthenticationResult!.AccessToken!;
}

async function newClient(): Promise<{ email: string; password: string; sub: string }> {
  const email = `client-${randomBytes(5).toString('hex')}@example.test`;
  const password = `Pw-${randomBytes(6).toString('hex')}-A1`;
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: provided('userPoolId'),
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: provided('userPoolId'),
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  const sub = created.User!.Attributes!.find((a) => a.Name === 'sub')!.Value!;
  return { email, password, sub };
}

function subOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

let identities: Promise<Record<Role, Identity>> | undefined;

/**
 * One signed-in identity per role: two fresh clients, and the seeded staff demo accounts, with the
 * sessions the suite's setup signed in through the staff sign-in (the API takes staff tokens of
 * that sign-in only: scripts/test-setup/staff-sessions.ts).
 */
export function signedInIdentities(): Promise<Record<Role, Identity>> {
  identities ??= (async () => {
    const staff = async (role: 'EDITOR' | 'MANAGER' | 'SUPER_ADMIN'): Promise<Identity> => {
      const session = await seededStaffSession(role);
      return { role, token: session.token, userId: subOf(session.token) };
    };
    const client = async (role: 'CLIENT_A' | 'CLIENT_B'): Promise<Identity> => {
      const user = await newClient();
      const token = await signIn(user.email, user.password, provided('siteClientId'));
      return { role, token, userId: user.sub };
    };
    const [a, b, editor, manager, admin] = await Promise.all([
      client('CLIENT_A'),
      client('CLIENT_B'),
      staff('EDITOR'),
      staff('MANAGER'),
      staff('SUPER_ADMIN'),
    ]);
    return {
      ANONYMOUS: { role: 'ANONYMOUS', token: undefined, userId: undefined },
      CLIENT_A: a,
      CLIENT_B: b,
      EDITOR: editor,
      MANAGER: manager,
      SUPER_ADMIN: admin,
    };
  })();
  return identities;
}

/**
 * Like `api`, but from another loopback address (see ../request-from.ts), so a test can look like
 * many sources, or like one source of its own.
 */
export function apiFrom(address: string, path: string, init: RequestFromInit = {}) {
  return requestFrom(address, gatewayUrl() + path, init);
}
