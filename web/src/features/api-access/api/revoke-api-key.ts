import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { apiAccessKeys } from './query-keys.ts';

type Input = { organisationId: string; keyId: string };

/** `DELETE /api/organisations/{id}/api-keys/{keyId}` (OWNER): refused by the API within a minute. */
export async function revokeApiKey({ organisationId, keyId }: Input): Promise<void> {
  await apiRequest('revokeApiKey', { params: { id: organisationId, keyId } });
}

export const useRevokeApiKey = () =>
  useInvalidatingMutation({
    mutationFn: revokeApiKey,
    // A key revoked meanwhile by another owner answers 404: the list is read again either way.
    alsoOnFailure: true,
    invalidates: ({ organisationId }) => [apiAccessKeys.apiKeys(organisationId)],
  });
