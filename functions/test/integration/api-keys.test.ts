/**
 * An organisation's API keys (#36) through the local gateway: OWNERs make, list and revoke them; a
 * key is answered once and stored as a hash only; a key calls the portal's routes for its own
 * organisation with its scopes, never another organisation's (its maker's included), never a route
 * without a key scope (staff routes among them); a revoked key gets a 401; a key over its requests
 * per minute gets a 429 with Retry-After; a key dies with its maker's ownership.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  apiKeyPattern,
  apiKeyRequestsPerMinute,
  createdApiKeyResponseSchema,
  listApiKeysResponseSchema,
  type ApiKeyScope,
} from '@studio/shared/api-keys';
import { jobResponseSchema } from '@studio/shared/job';
import { listAllJobsResponseSchema } from '@studio/shared/job-workflow';
import { organisationResponseSchema } from '@studio/shared/organisation';
import { api, expectEnvelope } from './support.ts';
import { freshClient, jsonInit, table } from './test-clients.ts';
import { linkOrder } from './order-support.ts';
import { useHandlerEnv } from './handler-env.ts';

useHandlerEnv();
const { addMember } = await import('../../src/data/organisation-membership-writes.ts');
const { apiKeyRateKey, apiKeyHashKey, organisationPartition } = await import('../../src/data/keys.ts');
const { hashApiKey } = await import('../../src/data/api-keys.ts');

type Person = Awaited<ReturnType<typeof freshClient>>;
let owner: Person;
let buyer: Person;
let stranger: Person;
let organisationId: string;
let ownersOtherOrganisationId: string;
let strangersOrganisationId: string;
let order: Record<string, unknown>;

const send = (method: string, path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
  api(path, jsonInit(method, body, token, headers));
const keysPath = (organisation = organisationId) => `/api/organisations/${organisation}/api-keys`;

async function newOrganisation(person: Person, name: string): Promise<string> {
  const created = await send('POST', '/api/organisations', { name }, person.token);
  expect(created.status, created.text).toBe(201);
  return organisationResponseSchema.parse(created.json).organisation.id;
}

async function madeKey(scopes: ApiKeyScope[], name = 'Shop sync', organisation = organisationId) {
  const response = await send('POST', keysPath(organisation), { name, scopes }, owner.token);
  expect(response.status, response.text).toBe(201);
  return createdApiKeyResponseSchema.parse(response.json);
}

beforeAll(async () => {
  [owner, buyer, stranger] = await Promise.all([
    freshClient({ name: 'Kay Keymaker' }),
    freshClient({ name: 'Bea Buyer' }),
    freshClient({ name: 'Stan Stranger' }),
  ]);
  organisationId = await newOrganisation(owner, 'Key Brands');
  ownersOtherOrganisationId = await newOrganisation(owner, 'Key Brands Outlet');
  strangersOrganisationId = await newOrganisation(stranger, 'Elsewhere Ltd');
  await addMember(organisationId, buyer.userId, 'BUYER');

  order = await linkOrder();
});

describe('making, listing and revoking keys', () => {
  it('answers the key once; the list and the table keep a prefix and a hash, never the key', async () => {
    const { apiKey, key } = await madeKey(['jobs:read', 'jobs:write'], 'PIM');
    expect(key).toMatch(apiKeyPattern);
    expect(apiKey).toMatchObject({
      name: 'PIM',
      prefix: key.slice(0, 15),
      scopes: ['jobs:read', 'jobs:write'],
      createdBy: { accountId: owner.userId, name: 'Kay Keymaker' },
      lastUsedAt: null,
    });
    const listed = await api(keysPath(), { token: owner.token });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.text).not.toContain(key);
    expect(listApiKeysResponseSchema.parse(listed.json).apiKeys.map((k) => k.id)).toContain(apiKey.id);

    const { client, name } = table();
    const partition = await client.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': organisationPartition(organisationId) },
      }),
    );
    const byHash = await client.send(new GetCommand({ TableName: name, Key: apiKeyHashKey(hashApiKey(key)) }));
    expect(byHash.Item).toMatchObject({ keyId: apiKey.id, organisationId, accountId: owner.userId });
    const stored = JSON.stringify([partition.Items, byHash.Item]);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(15));
  });

  it('is for OWNERs only: a BUYER gets a 403, a stranger the 404 of an unknown organisation', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'Mine', scopes: ['jobs:read'] }],
    ] as const) {
      const byBuyer = await send(method, keysPath(), body, buyer.token);
      expect(byBuyer.status, byBuyer.text).toBe(403);
      const byStranger = await send(method, keysPath(), body, stranger.token);
      expect(byStranger.status, byStranger.text).toBe(404);
    }
    const { apiKey } = await madeKey(['jobs:read']);
    const revokedByStranger = await api(`${keysPath(strangersOrganisationId)}/${apiKey.id}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expectEnvelope(revokedByStranger.json, 404);
  });

  it('refuses a body without scopes, with unknown or repeated scopes, or without a name', async () => {
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['jobs:delete'] },
      { name: 'x', scopes: ['jobs:read', 'jobs:read'] },
      { name: '  ', scopes: ['jobs:read'] },
      { scopes: ['jobs:read'] },
    ]) {
      const response = await send('POST', keysPath(), body, owner.token);
      expectEnvelope(response.json, 400);
    }
  });

  it('a revoked key gets a 401 at once here, and revoking it again a 404', async () => {
    const { apiKey, key } = await madeKey(['jobs:read']);
    expect((await api(`/api/organisations/${organisationId}/jobs`, { token: key })).status).toBe(200);
    const revoked = await api(`${keysPath()}/${apiKey.id}`, { method: 'DELETE', token: owner.token });
    expect(revoked.status, revoked.text).toBe(200);
    const after = await api(`/api/organisations/${organisationId}/jobs`, { token: key });
    expect(expectEnvelope(after.json, 401).message).toMatch(/API key/);
    const again = await api(`${keysPath()}/${apiKey.id}`, { method: 'DELETE', token: owner.token });
    expectEnvelope(again.json, 404);
    const listed = listApiKeysResponseSchema.parse((await api(keysPath(), { token: owner.token })).json);
    expect(listed.apiKeys.map((k) => k.id)).not.toContain(apiKey.id);
  });

  it('a made-up key, or one that is not shaped as a key, gets a 401', async () => {
    for (const token of [`rsk_live_${'A'.repeat(43)}`, 'rsk_live_short']) {
      const response = await api(`/api/organisations/${organisationId}/jobs`, { token });
      expectEnvelope(response.json, 401);
    }
  });
});

describe('what a key may call', () => {
  it('orders for its own organisation and reads the job; records its last use', async () => {
    const { apiKey, key } = await madeKey(['jobs:read', 'jobs:write']);
    const created = await send('POST', '/api/jobs', order, key);
    expect(created.status, created.text).toBe(201);
    const job = jobResponseSchema.parse(created.json).job;
    expect(job.organisationId).toBe(organisationId);
    expect(job.clientId).toBe(owner.userId);
    const read = await api(`/api/jobs/${job.id}`, { token: key });
    expect(read.status, read.text).toBe(200);
    const listed = await api(`/api/organisations/${organisationId}/jobs`, { token: key });
    expect(listAllJobsResponseSchema.parse(listed.json).jobs.map((j) => j.id)).toContain(job.id);
    const keys = listApiKeysResponseSchema.parse((await api(keysPath(), { token: owner.token })).json).apiKeys;
    expect(keys.find((k) => k.id === apiKey.id)?.lastUsedAt).not.toBeNull();
  });

  it('reaches no other organisation, not even another of its maker’s', async () => {
    const { key } = await madeKey(['jobs:read', 'jobs:write']);
    for (const other of [ownersOtherOrganisationId, strangersOrganisationId]) {
      const jobs = await api(`/api/organisations/${other}/jobs`, { token: key });
      expectEnvelope(jobs.json, 404);
      const ordered = await send('POST', '/api/jobs', { ...order, organisationId: other }, key);
      expectEnvelope(ordered.json, 404);
    }
    // A job of the maker's other organisation, ordered by the maker in the portal.
    const byPerson = await send(
      'POST',
      '/api/jobs',
      { ...order, organisationId: ownersOtherOrganisationId },
      owner.token,
    );
    expect(byPerson.status, byPerson.text).toBe(201);
    const otherJob = jobResponseSchema.parse(byPerson.json).job;
    expectEnvelope((await api(`/api/jobs/${otherJob.id}`, { token: key })).json, 404);
  });

  it('needs the route’s scope (403 naming it), and never reaches a route without one', async () => {
    const { key } = await madeKey(['images:write']);
    const refused = await api(`/api/organisations/${organisationId}/jobs`, { token: key });
    expect(expectEnvelope(refused.json, 403).message).toContain('jobs:read');
    const all = await madeKey(['jobs:read', 'jobs:write', 'images:write', 'webhooks:manage']);
    for (const path of [
      '/api/admin',
      '/api/organisations',
      keysPath(),
      '/api/jobs/user-jobs',
      '/api/notification-preferences',
    ]) {
      const response = await api(path, { token: all.key });
      expect(response.status, `${path}: ${response.text}`).toBe(403);
    }
  });

  it('stops working when its maker is no longer an OWNER of its organisation', async () => {
    const organisation = await newOrganisation(owner, 'Short-lived Owners');
    const { key } = await madeKey(['jobs:read'], 'Temporary', organisation);
    expect((await api(`/api/organisations/${organisation}/jobs`, { token: key })).status).toBe(200);
    await addMember(organisation, buyer.userId, 'OWNER');
    const demoted = await send(
      'PUT',
      `/api/organisations/${organisation}/members/${owner.userId}`,
      { role: 'BUYER' },
      buyer.token,
    );
    expect(demoted.status, demoted.text).toBe(200);
    const after = await api(`/api/organisations/${organisation}/jobs`, { token: key });
    expect(expectEnvelope(after.json, 403).message).toMatch(/no longer owns/);
  });

  it(`answers 429 with Retry-After past ${apiKeyRequestsPerMinute} requests in a minute`, async () => {
    const { apiKey, key } = await madeKey(['jobs:read']);
    // The minute's count as a key that has made its requests leaves it, for this minute and the
    // ones either side (the request is stamped by the gateway's clock, which follows this machine's).
    const { client, name } = table();
    const minute = Math.floor(Date.now() / 60_000);
    for (const at of [minute - 1, minute, minute + 1]) {
      await client.send(
        new PutCommand({
          TableName: name,
          Item: { ...apiKeyRateKey(apiKey.id, at), type: 'ApiKeyRate', requests: apiKeyRequestsPerMinute },
        }),
      );
    }
    const refused = await api(`/api/organisations/${organisationId}/jobs`, { token: key });
    expectEnvelope(refused.json, 429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Another key of the same organisation has an allowance of its own.
    const other = await madeKey(['jobs:read']);
    expect((await api(`/api/organisations/${organisationId}/jobs`, { token: other.key })).status).toBe(200);
  });
});

describe('Idempotency-Key on the public API’s POSTs', () => {
  const links = (token: string, key: string, fileName = 'shot-1.jpg') =>
    send('POST', '/api/upload-links', { files: [{ fileName, contentType: 'image/jpeg', size: 1000 }] }, token, {
      'idempotency-key': key,
    });

  it('answers the first answer again for the same request, and a 409 for another one', async () => {
    const { key } = await madeKey(['images:write']);
    const first = await links(key, 'batch-0001');
    expect(first.status, first.text).toBe(200);
    const again = await links(key, 'batch-0001');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const different = await links(key, 'batch-0001', 'shot-2.jpg');
    expect(expectEnvelope(different.json, 409).message).toMatch(/different request/);
    // Without the header, or with another key, each request is its own.
    const fresh = await links(key, 'batch-0002');
    expect((fresh.json as { uploadId: string }).uploadId).not.toBe((first.json as { uploadId: string }).uploadId);
  });

  it('keeps the keys of one caller apart from another’s, and refuses a key that is not one', async () => {
    const theirs = await links(owner.token, 'shared-name');
    const mine = await links(buyer.token, 'shared-name');
    expect(theirs.status, theirs.text).toBe(200);
    expect(mine.status, mine.text).toBe(200);
    expect((mine.json as { uploadId: string }).uploadId).not.toBe((theirs.json as { uploadId: string }).uploadId);
    const bad = await links(owner.token, 'has spaces in it');
    expect(expectEnvelope(bad.json, 400).details?.issues?.[0]?.path).toBe('headers.idempotency-key');
  });
});
