import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { userPoolDefinition } from '@studio/shared/platform';

/*
 * The user pool's pre token generation trigger (event version 2, which may change access tokens;
 * docs/decisions/staff-mfa.md). An account that has set up two-step sign-in gets access tokens
 * without the scope of Cognito's self-service operations: with such a token, SetUserMFAPreference
 * cannot switch the second factor off and AssociateSoftwareToken cannot put another authenticator
 * in its place. Only the API marks an account enrolled (`custom:mfa_enrolled`, writable by no app
 * client), once the code of its authenticator was verified; the API never needs the scope after
 * that (it reads the signed-in account from the token's claims). The local stack's Cognito
 * emulator runs this same function for every token it issues (scripts/local/cognito-server.ts).
 */

const enrolledAttribute = `custom:${userPoolDefinition.mfaEnrolledAttribute}`;

/** Whether the account's access tokens leave out the self-service scope. */
export function withoutSelfService(event: Pick<PreTokenGenerationV2TriggerEvent, 'request'>): boolean {
  return event.request.userAttributes?.[enrolledAttribute] === 'true';
}

export const handler = async (event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> => {
  if (!withoutSelfService(event)) return event;
  return {
    ...event,
    response: {
      claimsAndScopeOverrideDetails: {
        ...event.response?.claimsAndScopeOverrideDetails,
        accessTokenGeneration: {
          ...event.response?.claimsAndScopeOverrideDetails?.accessTokenGeneration,
          scopesToSuppress: [userPoolDefinition.selfServiceScope],
        },
      },
    },
  };
};
