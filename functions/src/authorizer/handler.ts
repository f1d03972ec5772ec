import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { config } from '../lib/config.ts';
import { bearerToken, decide, type AuthorizerContext } from './decide.ts';

/*
 * The Lambda authorizer of the HTTP API (#36): takes a Cognito token of either app client, as the
 * JWT authorizer did, and an organisation's API key. Simple responses; API Gateway keeps each
 * decision for 60 s per Authorization header (infra/lib/constructs/route-table-api.ts), which is
 * why a revoked key may work for up to a minute, and why most requests never invoke this function.
 * Cost and latency: docs/decisions/public-api.md.
 */

let verifier: ReturnType<typeof createVerifier> | undefined;
function createVerifier() {
  return CognitoJwtVerifier.create({
    userPoolId: config().userPoolId,
    tokenUse: null,
    clientId: [config().siteClientId, config().staffClientId],
  });
}

export async function handler(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
  const token = bearerToken(event.headers?.authorization ?? event.headers?.Authorization);
  const context = token ? await decide(token, async (jwt) => (verifier ??= createVerifier()).verify(jwt)) : null;
  return context ? { isAuthorized: true, context } : { isAuthorized: false, context: {} };
}
