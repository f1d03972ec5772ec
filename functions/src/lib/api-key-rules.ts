import type { APIGatewayProxyEventV2WithJWTAuthorizer as ApiEvent } from 'aws-lambda';
import { apiKeyRequestsPerMinute } from '@studio/shared/api-keys';
import type { RouteDefinition } from '@studio/shared/routes';
import { countKeyRequest } from '../data/api-keys.ts';
import { memberRole } from '../data/organisation-members.ts';
import { organisationNotFound } from '../data/organisations.ts';
import type { Caller } from './caller.ts';
import { ForbiddenError, TooManyRequestsError } from './errors.ts';
import { requestTimeOf } from './request-time.ts';

/**
 * What a request made with an organisation's API key must meet, after the route's access list
 * (#36; docs/decisions/public-api.md), in this order:
 *   1. the route takes keys, with a scope the key has (403 naming the scope);
 *   2. a route under `api/organisations/{id}` names the key's own organisation (else the 404 of an
 *      organisation that does not exist: a key does not learn what else its maker belongs to);
 *   3. the key's maker is still an OWNER of that organisation (a key dies with its maker's
 *      ownership: one read, as every organisation's item rule reads the membership anyway);
 *   4. the key is under its requests per minute (429 with Retry-After).
 * Item rules further on (a job's organisation) go through `callerRole`, which gives a key no role
 * outside its organisation.
 */
/** Whether the route's path is under `api/organisations/{id}` (compared by parts: no group's paths in every bundle). */
function namesOrganisation(definition: RouteDefinition): boolean {
  const [, base, id] = definition.path.split('/');
  return base === 'organisations' && id === '{id}';
}

export async function apiKeyRules(
  definition: RouteDefinition,
  key: NonNullable<Caller['apiKey']>,
  makerId: string,
  event: ApiEvent,
): Promise<void> {
  if (!definition.apiKey)
    throw new ForbiddenError('API keys cannot call this route; it is for people signed in to the portal.');
  if (!key.scopes.includes(definition.apiKey)) {
    throw new ForbiddenError(`This API key lacks the scope ${definition.apiKey}. Make a key with it in the portal.`);
  }
  if (namesOrganisation(definition) && event.pathParameters?.id !== key.organisationId) throw organisationNotFound();
  if ((await memberRole(key.organisationId, makerId)) !== 'OWNER') {
    throw new ForbiddenError(
      'The owner who made this API key no longer owns its organisation, so the key no longer works. An owner can make a new one.',
    );
  }
  const decision = await countKeyRequest(key.id, key.organisationId, requestTimeOf(event));
  if (!decision.allowed) {
    throw new TooManyRequestsError(
      `This API key made ${apiKeyRequestsPerMinute} requests this minute. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
      decision.retryAfterSeconds,
    );
  }
}
