/**
 * What the Cognito emulator lacks of the pool's token rules (docs/decisions/staff-mfa.md), built
 * around its own services by scripts/local/cognito-server.ts:
 *  - the pre token generation trigger, event version 2: cognito-local runs only version 1 (ID token
 *    claims), so every token it issues goes through the very handler the CDK stack attaches
 *    (functions/src/triggers/pre-token-generation.ts), and the scopes it suppresses are taken out
 *    of the access token, which is signed again with the emulator's key;
 *  - the scope Cognito demands of an access token for its self-service operations
 *    (`aws.cognito.signin.user.admin`): cognito-local decodes the token without checking its
 *    signature or scopes; here the signature, expiry, `token_use` and scope are checked as Cognito
 *    does, and a token without the scope is refused with Cognito's NotAuthorizedException.
 */
import { createSign, createVerify } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { userPoolDefinition } from '@studio/shared/platform';
import { handler as preTokenGeneration } from '../../functions/src/triggers/pre-token-generation.ts';

const require = createRequire(import.meta.url);
const privateKey = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem;
const publicKey = (require('cognito-local/lib/keys/cognitoLocal.public.json') as { pem: string }).pem;
const { NotAuthorizedError } = require('cognito-local/lib/errors') as {
  NotAuthorizedError: new (message?: string) => Error;
};

/**
 * Cognito's operations authorized by an access token with the self-service scope (a session, where
 * an operation also takes one, is Cognito's own and checked by it).
 */
export const selfServiceTargets = [
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'GetDevice',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'ListDevices',
  'SetUserMFAPreference',
  'SetUserSettings',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
] as const;

type Claims = Record<string, unknown>;

/**
 * The emulator's own claim of when it issued an access token, in milliseconds. Cognito revokes the
 * tokens a global sign-out ends by their origin; the emulator compares times instead, and `iat`'s
 * whole seconds cannot tell a token issued just before a sign-out from a sign-in just after it in
 * the same second (a client signing in again at once was refused). Nothing outside the emulator
 * reads it.
 */
const issuedAtMsClaim = 'local_issued_at_ms';

/** When the emulator issued an access token (epoch ms): its own stamp, else `iat`'s second. */
function issuedAt(claims: Claims): number {
  const stamped = claims[issuedAtMsClaim];
  return typeof stamped === 'number' ? stamped : Number(claims.iat) * 1000;
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parse = (segment: string | undefined) =>
  JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8')) as Claims;

/** The token with its claims changed by `change`, signed again with the emulator's key (same header). */
export function resigned(token: string, change: (claims: Claims) => Claims): string {
  const [header, payload] = token.split('.');
  const body = `${header}.${part(change(parse(payload)))}`;
  const signature = createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url');
  return `${body}.${signature}`;
}

/** The claims of an access token the emulator signed and that has not expired, or null. */
export function verifiedAccessToken(token: string): Claims | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const valid = createVerify('RSA-SHA256')
    .update(`${header}.${payload}`)
    .verify(publicKey, Buffer.from(signature, 'base64url'));
  if (!valid) return null;
  const claims = parse(payload);
  if (claims.token_use !== 'access') return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
  return claims;
}

interface EmulatorUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
}

interface EmulatorClient {
  ClientId: string;
  UserPoolId: string;
}

interface IssuedTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

type Generate = (
  ctx: unknown,
  user: EmulatorUser,
  groups: string[],
  client: EmulatorClient,
  clientMetadata: Record<string, string> | undefined,
  source: string,
) => Promise<IssuedTokens>;

/** Runs the pool's version 2 pre token generation trigger on every set of tokens `generate` issues. */
export function withPreTokenGeneration(generate: Generate): Generate {
  return async (ctx, user, groups, client, clientMetadata, source) => {
    const tokens = await generate(ctx, user, groups, client, clientMetadata, source);
    const event = {
      version: '2',
      triggerSource: `TokenGeneration_${source}`,
      region: 'local',
      userPoolId: client.UserPoolId,
      userName: user.Username,
      callerContext: { awsSdkVersion: 'local', clientId: client.ClientId },
      request: {
        userAttributes: Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name, a.Value ?? ''])),
        groupConfiguration: { groupsToOverride: groups },
        scopes: [userPoolDefinition.selfServiceScope],
        ...(clientMetadata ? { clientMetadata } : {}),
      },
      response: { claimsAndScopeOverrideDetails: {} },
    } as unknown as PreTokenGenerationV2TriggerEvent;
    const answered = await preTokenGeneration(event);
    const suppressed = answered.response?.claimsAndScopeOverrideDetails?.accessTokenGeneration?.scopesToSuppress ?? [];
    const issuedAtMs = Date.now();
    return {
      ...tokens,
      AccessToken: resigned(tokens.AccessToken, (claims) => ({
        ...claims,
        scope: String(claims.scope ?? '')
          .split(' ')
          .filter((scope) => scope && !suppressed.includes(scope))
          .join(' '),
        [issuedAtMsClaim]: issuedAtMs,
      })),
    };
  };
}

/**
 * Wraps a self-service operation: an access token must be the emulator's, unexpired, issued after
 * the user was last signed out everywhere (`signedOutAt`, epoch ms), and carry the scope.
 */
export function requiringSelfServiceScope<Req extends { AccessToken?: string }>(
  operation: (ctx: unknown, req: Req) => Promise<unknown>,
  signedOutAt: (ctx: unknown, claims: Claims) => Promise<number | undefined>,
): (ctx: unknown, req: Req) => Promise<unknown> {
  return async (ctx, req) => {
    if (req.AccessToken !== undefined) {
      const claims = verifiedAccessToken(req.AccessToken);
      if (!claims) throw new NotAuthorizedError('Invalid Access Token');
      const out = await signedOutAt(ctx, claims);
      if (out !== undefined && issuedAt(claims) <= out) {
        throw new NotAuthorizedError('Access Token has been revoked');
      }
      const scopes = String(claims.scope ?? '').split(' ');
      if (!scopes.includes(userPoolDefinition.selfServiceScope)) {
        throw new NotAuthorizedError('Access Token does not have required scopes');
      }
    }
    return operation(ctx, req);
  };
}
