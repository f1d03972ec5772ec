import type * as z from 'zod/mini';
import type { createApiKeyBodySchema, createdApiKeyResponseSchema } from '@studio/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { apiAccessKeys } from './query-keys.ts';

type Input = { organisationId: string; body: z.output<typeof createApiKeyBodySchema> };

/** `POST /api/organisations/{id}/api-keys` (OWNER): the new key's record, and the key itself, this once. */
export function createApiKey({ organisationId, body }: Input): Promise<z.output<typeof createdApiKeyResponseSchema>> {
  return apiRequest('createApiKey', { params: { id: organisationId }, body });
}

export const useCreateApiKey = () =>
  useInvalidatingMutation({
    mutationFn: createApiKey,
    invalidates: ({ organisationId }) => [apiAccessKeys.apiKeys(organisationId)],
  });
