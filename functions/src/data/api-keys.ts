import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  apiKeyPattern,
  apiKeyPrefix,
  apiKeyRequestsPerMinute,
  apiKeyScopeSchema,
  apiKeyShownLength,
  maxApiKeysPerOrganisation,
  type ApiKey,
  type ApiKeyScope,
} from '@studio/shared/api-keys';
import { tableDefinition } from '@studio/shared/platform';
import * as z from 'zod/mini';
import { ulid } from 'ulid';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import {
  apiKeyHashKey,
  apiKeyKey,
  apiKeyRateKey,
  apiKeySortKeyPrefix,
  keyNames,
  organisationKey,
  tableName,
} from './keys.ts';
import { requirePermission } from './organisation-team.ts';
import { queryAll } from './query-all.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * An organisation's API keys (#36; docs/decisions/public-api.md). A key is `rsk_live_` and 32
 * random bytes (256 bits) in base64url, answered once; the table keeps its SHA-256 only, in two
 * items written and deleted together: the key's record in the organisation's partition (what the
 * portal lists) and the item found by the hash (what the authorizer reads on a request). A hash
 * without a salt is enough here: the key is 256 random bits, not a password a person chose, so
 * there is nothing to guess from a leaked hash. The organisation counts its live keys
 * (`apiKeyCount`, under a condition in the same transaction): at most 20.
 */

/**
 * The key's record in its organisation's partition, declared once: `ApiKeyItem` is its type, and
 * the portal's reads go through `apiKeyItemOf` (stored-items.ts). The hash's item is read by the
 * authorizer through `grantSchema`.
 */
const apiKeyItemFields = {
  type: z.literal('ApiKey'),
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  hash: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ accountId: z.string(), name: z.string() }),
  lastUsedAt: z.optional(z.string()),
};

type ApiKeyItem = z.infer<z.ZodMiniObject<typeof apiKeyItemFields>>;
const apiKeyItemOf = storedItemReader('API key', apiKeyItemFields);

/** What the authorizer needs of a key: whose it is and what it may do. */
export interface ApiKeyGrant {
  keyId: string;
  organisationId: string;
  /** The OWNER who made it: the key acts as this account. */
  accountId: string;
  scopes: ApiKeyScope[];
}

const grantSchema = z.object({
  keyId: z.string(),
  organisationId: z.string(),
  accountId: z.string(),
  scopes: z.array(apiKeyScopeSchema),
});

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

const apiKeyNotFound = () => new NotFoundError('There is no API key with this id.');

function toApiKey(item: ApiKeyItem): ApiKey {
  return {
    id: item.id,
    name: item.name,
    prefix: item.prefix,
    scopes: item.scopes,
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    lastUsedAt: item.lastUsedAt ?? null,
  };
}

/** `POST api/organisations/{id}/api-keys` (OWNER): the new key, answered this once. */
export async function createApiKey(
  maker: { accountId: string; name: string },
  organisationId: string,
  fields: { name: string; scopes: ApiKeyScope[] },
  now = new Date(),
): Promise<{ apiKey: ApiKey; key: string }> {
  await requirePermission(organisationId, maker.accountId, 'manage');
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  const id = ulid(now.getTime());
  const hash = hashApiKey(key);
  const scopes = [...fields.scopes].sort();
  const item: ApiKeyItem = {
    type: 'ApiKey',
    id,
    organisationId,
    name: fields.name,
    prefix: key.slice(0, apiKeyShownLength),
    scopes,
    hash,
    createdAt: now.toISOString(),
    createdBy: maker,
  };
  const grant: ApiKeyGrant = { keyId: id, organisationId, accountId: maker.accountId, scopes };
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: organisationKey(organisationId),
          UpdateExpression: 'SET apiKeyCount = if_not_exists(apiKeyCount, :zero) + :one',
          ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(apiKeyCount) OR apiKeyCount < :max)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': maxApiKeysPerOrganisation },
        },
      },
      { Put: newItemPut({ ...apiKeyKey(organisationId, id), ...item }) },
      { Put: newItemPut({ ...apiKeyHashKey(hash), type: 'ApiKeyHash', ...grant }) },
    ]);
  } catch (error) {
    if (isConditionFailed(error, 0)) {
      throw new ConflictError(
        `An organisation keeps at most ${maxApiKeysPerOrganisation} API keys; revoke one it no longer uses first.`,
      );
    }
    throw error;
  }
  return { apiKey: toApiKey(item), key };
}

/** `GET api/organisations/{id}/api-keys` (OWNER): the live keys, newest first. */
export async function listApiKeys(accountId: string, organisationId: string): Promise<ApiKey[]> {
  await requirePermission(organisationId, accountId, 'manage');
  const items = (
    await queryAll({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: {
        ':pk': organisationKey(organisationId)[keyNames.pk],
        ':prefix': apiKeySortKeyPrefix,
      },
      ScanIndexForward: false,
    })
  ).map(apiKeyItemOf);
  return items.map(toApiKey);
}

/**
 * `DELETE api/organisations/{id}/api-keys/{keyId}` (OWNER): both items go, and the count with them,
 * in one transaction. From then on the authorizer finds no key; a decision it cached before goes on
 * working for at most `apiKeyRevocationSeconds`.
 */
export async function revokeApiKey(accountId: string, organisationId: string, keyId: string): Promise<ApiKey> {
  await requirePermission(organisationId, accountId, 'manage');
  const found = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: apiKeyKey(organisationId, keyId), ConsistentRead: true }),
  );
  const item = found.Item ? apiKeyItemOf(found.Item) : undefined;
  if (!item) throw apiKeyNotFound();
  try {
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: apiKeyKey(organisationId, keyId),
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      },
      { Delete: { TableName: tableName(), Key: apiKeyHashKey(item.hash) } },
      {
        Update: {
          TableName: tableName(),
          Key: organisationKey(organisationId),
          UpdateExpression: 'ADD apiKeyCount :minusOne',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]);
  } catch (error) {
    // Revoked a moment ago by another request: the key is gone either way.
    if (isConditionFailed(error, 0)) throw apiKeyNotFound();
    throw error;
  }
  return toApiKey(item);
}

/**
 * The grant of a key sent as a bearer token, or null when it is not a live key: the authorizer's
 * read. A string that is not shaped as a key is refused before touching the table.
 */
export async function findApiKey(token: string): Promise<ApiKeyGrant | null> {
  if (!apiKeyPattern.test(token)) return null;
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: apiKeyHashKey(hashApiKey(token)) }),
  );
  const parsed = grantSchema.safeParse(result.Item);
  return parsed.success ? parsed.data : null;
}

export type KeyRequestDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request of a key in the current minute, refusing it once the minute has had
 * `apiKeyRequestsPerMinute`. A counter rather than a set of request ids: a request the SDK sends
 * twice counts twice, which costs a caller one request in a minute, and a key's window stays one
 * small item. The first request of each minute also stamps the key's `lastUsedAt` (one write a
 * minute, not one a request).
 */
export async function countKeyRequest(keyId: string, organisationId: string, now: number): Promise<KeyRequestDecision> {
  const minute = Math.floor(now / 60_000);
  let count: number;
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyRateKey(keyId, minute),
        UpdateExpression: 'ADD #count :one SET #type = :type, #expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'requests', '#type': 'type', '#expiresAt': tableDefinition.ttlAttribute },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': apiKeyRequestsPerMinute,
          ':type': 'ApiKeyRate',
          ':expiresAt': (minute + 2) * 60,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    count = Number(result.Attributes?.requests ?? 0);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000)) };
  }
  if (count === 1) await stampLastUse(keyId, organisationId, new Date(minute * 60_000));
  return { allowed: true };
}

async function stampLastUse(keyId: string, organisationId: string, at: Date): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyKey(organisationId, keyId),
        UpdateExpression: 'SET lastUsedAt = :at',
        // Never brings back a key revoked meanwhile, nor moves the stamp backwards.
        ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :at)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
