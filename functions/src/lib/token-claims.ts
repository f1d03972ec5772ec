import * as z from 'zod/mini';

const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  jti: z.string(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/**
 * The claims of an access token that this request has just received from Cognito itself (a
 * sign-in): read, not verified, since nothing but Cognito's answer over TLS put it here. Never for
 * a token a caller sent (the API gateway's authorizer verifies those). Used instead of GetUser,
 * which needs the self-service scope that the tokens of an enrolled account leave out.
 */
export function claimsOfIssuedToken(accessToken: string): AccessTokenClaims {
  const payload = accessToken.split('.')[1] ?? '';
  return accessTokenClaimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
}
