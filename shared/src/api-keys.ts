import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { requiredText } from './text.ts';

/*
 * API keys (#36): an organisation's systems (a PIM, a DAM, a shop) call the same routes the portal
 * calls, with `Authorization: Bearer rsk_live_...` instead of a person's token. A key belongs to one
 * organisation, is made by one of its OWNERs and acts as that person within that organisation only,
 * limited by its scopes: a route a key may call declares the scope it needs (`apiKey` in the route
 * table); every other route, and every staff route, refuses keys. The key is answered once, when it
 * is made; the table keeps only its SHA-256 hash. A revoked key is refused within 60 s (the API
 * gateway's authorizer keeps a decision that long; docs/decisions/public-api.md).
 */

export const apiKeyScopes = ['jobs:read', 'jobs:write', 'images:write', 'webhooks:manage'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes, {
  error: 'Choose scopes from jobs:read, jobs:write, images:write and webhooks:manage.',
});
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What each scope lets a key do, in words (the portal's checkboxes, the reference). */
export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'jobs:read': 'Read the organisation’s jobs, their images and specs',
  'jobs:write': 'Order jobs, approve them and ask for changes',
  'images:write': 'Upload images to the organisation’s jobs',
  'webhooks:manage': 'Manage the organisation’s webhooks',
};

/** Every key starts so (secret scanners look for it); the rest is 32 random bytes in base64url (256 bits). */
export const apiKeyPrefix = 'rsk_live_';
/** What the list shows of a key: the prefix and the first characters after it, never the rest. */
export const apiKeyShownLength = apiKeyPrefix.length + 6;
export const apiKeyPattern = /^rsk_live_[A-Za-z0-9_-]{43}$/;

/** Live (not revoked) keys of one organisation. */
export const maxApiKeysPerOrganisation = 20;
/** Requests one key may make per minute; over it the API answers 429 with Retry-After. */
export const apiKeyRequestsPerMinute = 300;
/** The longest a revoked key still works: the authorizer's cache of its decision. */
export const apiKeyRevocationSeconds = 60;

export const apiKeyNameSchema = requiredText({
  max: 80,
  requiredMessage: 'Name the key after the system that will use it.',
  maxMessage: 'The name must be at most 80 characters.',
});

/** `POST api/organisations/{id}/api-keys` (OWNER). */
export const createApiKeyBodySchema = z.strictObject({
  name: apiKeyNameSchema,
  scopes: z.array(apiKeyScopeSchema).check(
    z.minLength(1, 'Choose at least one scope.'),
    z.refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.'),
  ),
});

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** `rsk_live_` and the next 6 characters: enough to tell keys apart, useless to call with. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: isoDateTimeSchema,
  createdBy: z.object({ accountId: z.string(), name: z.string() }),
  /** The minute of its last request, or null before its first. */
  lastUsedAt: z.nullable(isoDateTimeSchema),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyParamsSchema = z.strictObject({ id: idSchema, keyId: idSchema });
export const listApiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
/** The answer of `POST`: the key itself, this once. */
export const createdApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
