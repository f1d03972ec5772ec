import { apiKeysRoutes } from '@studio/shared/routes/api-keys';
import { findAccount } from '../data/account-lookup.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../data/api-keys.ts';
import { createGroupHandler } from '../lib/http.ts';

/**
 * An organisation's API keys (#36): made, listed and revoked by its OWNERs in the portal
 * (docs/decisions/public-api.md). No key reaches these routes (none declares a key scope).
 */
export const handler = createGroupHandler(apiKeysRoutes, {
  createApiKey: async ({ params, body, caller }) => {
    const account = await findAccount(caller!.userId);
    const maker = { accountId: caller!.userId, name: account?.name || account?.email || '' };
    return createApiKey(maker, params.id, body);
  },
  listApiKeys: async ({ params, caller }) => ({ apiKeys: await listApiKeys(caller!.userId, params.id) }),
  revokeApiKey: async ({ params, caller }) => {
    const key = await revokeApiKey(caller!.userId, params.id, params.keyId);
    return { message: `The key “${key.name}” is revoked. It stops working within a minute.` };
  },
});
