import {
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
  listApiKeysResponseSchema,
} from '../api-keys.ts';
import { messageResponseSchema } from '../auth.ts';
import { emptyObjectSchema } from '../ids.ts';
import { organisationParamsSchema } from '../organisation.ts';
import { route } from './route.ts';

/*
 * The routes of the `api-keys` group (#36): an organisation's API keys, made, listed and revoked by
 * its OWNERs in the portal. A key cannot manage keys (no `apiKey` scope here): a leaked key cannot
 * make itself a successor.
 */
export const apiKeysRoutes = {
  createApiKey: route({
    method: 'POST',
    path: 'api/organisations/{id}/api-keys',
    group: 'api-keys',
    access: ['CLIENT'],
    params: organisationParamsSchema,
    query: emptyObjectSchema,
    body: createApiKeyBodySchema,
    response: createdApiKeyResponseSchema,
    successStatus: 201,
  }),
  listApiKeys: route({
    method: 'GET',
    path: 'api/organisations/{id}/api-keys',
    group: 'api-keys',
    access: ['CLIENT'],
    params: organisationParamsSchema,
    query: emptyObjectSchema,
    response: listApiKeysResponseSchema,
  }),
  revokeApiKey: route({
    method: 'DELETE',
    path: 'api/organisations/{id}/api-keys/{keyId}',
    group: 'api-keys',
    access: ['CLIENT'],
    params: apiKeyParamsSchema,
    query: emptyObjectSchema,
    response: messageResponseSchema,
  }),
};
