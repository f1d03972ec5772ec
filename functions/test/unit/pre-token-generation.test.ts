import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { userPoolDefinition } from '@studio/shared/platform';
import { handler } from '../../src/triggers/pre-token-generation.ts';

function event(
  userAttributes: Record<string, string>,
  groups: string[] = ['MANAGER'],
): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_Example',
    userName: 'user-1',
    callerContext: { awsSdkVersion: 'test', clientId: 'staff-client' },
    request: {
      userAttributes: { sub: 'user-1', email: 'mia@example.test', ...userAttributes },
      groupConfiguration: { groupsToOverride: groups },
      scopes: [userPoolDefinition.selfServiceScope],
    },
    response: { claimsAndScopeOverrideDetails: {} },
  } as PreTokenGenerationV2TriggerEvent;
}

const suppressed = (answer: PreTokenGenerationV2TriggerEvent) =>
  answer.response.claimsAndScopeOverrideDetails?.accessTokenGeneration?.scopesToSuppress ?? [];

describe('the pool pre token generation trigger', () => {
  it('leaves the self-service scope out of the access tokens of an account with two-step sign-in', async () => {
    const answer = await handler(event({ [`custom:${userPoolDefinition.mfaEnrolledAttribute}`]: 'true' }));
    expect(suppressed(answer)).toEqual([userPoolDefinition.selfServiceScope]);
    expect(answer.request).toEqual(event({ [`custom:${userPoolDefinition.mfaEnrolledAttribute}`]: 'true' }).request);
  });

  it('changes nothing for an account without it (a client, or staff before the set-up)', async () => {
    for (const attributes of [{}, { [`custom:${userPoolDefinition.mfaEnrolledAttribute}`]: 'false' }]) {
      const answer = await handler(event(attributes, []));
      expect(suppressed(answer)).toEqual([]);
      expect(answer).toEqual(event(attributes, []));
    }
  });
});
