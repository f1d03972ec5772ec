/**
 * Revocation with the production cache of account records (#32, docs/access.md "Revocation"): a
 * container keeps a record 30 s for reads, but a write reads the record itself, so a deleted or
 * disabled account writes nothing from the moment the change is stored; the change also drops the
 * copy of the container that makes it (locally every route group is one container). A password
 * reset and "sign out everywhere" end earlier sessions the same way. On a stack of its own, since
 * the stack suite reads records on every request (`accountStatusCacheSeconds: 0`); its clock
 * (scripts/local/clock.ts) shows the 30 s of a container the change did not reach.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { listServicesResponseSchema } from '@studio/shared/service';
import { accountStatusKey } from '../../src/data/keys.ts';
import { jsonInit, startOwnStack, type Answer, type OwnStack } from './own-stack.ts';

let own: OwnStack;
let adminToken: string;

beforeAll(async () => {
  own = await startOwnStack({ persist: false });
  adminToken = await own.staffToken('SUPER_ADMIN');
}, 120_000);

afterAll(async () => {
  await own?.stop();
});

function expectEnded(answer: Answer) {
  expect(answer.status, answer.text).toBe(401);
  expect(errorEnvelopeSchema.parse(answer.json).error).toBe('UNAUTHORIZED');
}

async function signedInClient() {
  const account = await own.newClient();
  const answer = await own.call(
    '/api/users/signin',
    jsonInit('POST', { email: account.email, password: account.password }),
  );
  expect(answer.status, answer.text).toBe(200);
  return { ...account, token: (answer.json as { token: string }).token };
}

async function order() {
  const services = listServicesResponseSchema.parse((await own.call('/api/services')).json).services;
  const service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  return {
    serviceId: service.id,
    selectedSubServices: [sub.id],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: 'https://example.test/photos',
    numberOfPhotos: 1,
  };
}

const invite = (token: string) =>
  own.call(
    '/api/admin/invite',
    jsonInit('POST', { email: `late-${Date.now()}@example.test`, username: 'Late', role: 'SUPER_ADMIN' }, token),
  );

/** What another container would see: the record changed in the table, this container's copy not dropped. */
async function changedElsewhere(userId: string) {
  await own.table.client.send(
    new UpdateCommand({
      TableName: own.table.name,
      Key: accountStatusKey(userId),
      UpdateExpression: 'SET #status = :deleted',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':deleted': 'DELETED' },
    }),
  );
}

describe('deleting or disabling an account stops its writes at once', () => {
  it('a deleted SUPER_ADMIN cannot invite a new SUPER_ADMIN right after the delete', async () => {
    const former = await own.invitedStaff(adminToken, 'SUPER_ADMIN');
    // Its record is now this container's copy, as it was when the red team invited 368 ms after.
    expect((await own.call('/api/admin', { token: former.token })).status).toBe(200);
    const deleted = await own.call(`/api/admin/${former.id}`, { method: 'DELETE', token: adminToken });
    expect(deleted.status, deleted.text).toBe(200);
    expectEnded(await invite(former.token));
    // The delete dropped the copy of the container that made it: reads end there at once too.
    expectEnded(await own.call('/api/admin', { token: former.token }));
  });

  it('a deleted client cannot create a job right after the delete', async () => {
    const client = await signedInClient();
    const jobs = `/api/jobs/client/${client.userId}`;
    expect((await own.call(jobs, { token: client.token })).status).toBe(200);
    const deleted = await own.call(`/api/users/${client.userId}`, { method: 'DELETE', token: adminToken });
    expect(deleted.status, deleted.text).toBe(200);
    expectEnded(await own.call('/api/jobs', jsonInit('POST', await order(), client.token)));
    expectEnded(await own.call(jobs, { token: client.token }));
  });

  it('a disabled MANAGER cannot change a job right after the disable', async () => {
    const manager = await own.invitedStaff(adminToken, 'MANAGER');
    expect((await own.call('/api/jobs?limit=1', { token: manager.token })).status).toBe(200);
    const disabled = await own.call(
      `/api/admin/${manager.id}/status`,
      jsonInit('PUT', { status: 'DISABLED' }, adminToken),
    );
    expect(disabled.status, disabled.text).toBe(200);
    expectEnded(
      await own.call('/api/jobs/01J00000000000000000000000', jsonInit('PUT', { progress: 10 }, manager.token)),
    );
  });
});

describe('in a container the change did not reach', () => {
  it('writes are refused at once; the write reads the record, so reads there end with it', async () => {
    const client = await signedInClient();
    const jobs = `/api/jobs/client/${client.userId}`;
    expect((await own.call(jobs, { token: client.token })).status).toBe(200);
    await changedElsewhere(client.userId);
    // The copy still lets a read through...
    expect((await own.call(jobs, { token: client.token })).status).toBe(200);
    // ...never a write.
    expectEnded(await own.call('/api/jobs', jsonInit('POST', await order(), client.token)));
    expectEnded(await own.call(jobs, { token: client.token }));
  });

  it('reads end within 30 s of the change', async () => {
    const client = await signedInClient();
    const jobs = `/api/jobs/client/${client.userId}`;
    expect((await own.call(jobs, { token: client.token })).status).toBe(200);
    await changedElsewhere(client.userId);
    own.stack.clock.advance(29_000);
    expect((await own.call(jobs, { token: client.token })).status).toBe(200);
    own.stack.clock.advance(1_000);
    expectEnded(await own.call(jobs, { token: client.token }));
  });
});

describe('a password reset and "sign out everywhere" end the sessions before them', () => {
  it('a token from before a password reset no longer reads or writes; a sign-in with the new password works at once', async () => {
    const client = await signedInClient();
    const jobs = `/api/jobs/client/${client.userId}`;
    expect((await own.call(jobs, { token: client.token })).status).toBe(200);
    expect((await own.call('/api/users/forgot-password', jsonInit('POST', { email: client.email }))).status).toBe(200);
    const password = `${client.password}-2`;
    const reset = await own.call(
      '/api/users/reset-password',
      jsonInit('POST', { email: client.email, code: await own.latestCode(client.email), password }),
    );
    expect(reset.status, reset.text).toBe(200);
    expectEnded(await own.call(jobs, { token: client.token }));
    expectEnded(await own.call('/api/jobs', jsonInit('POST', await order(), client.token)));
    const again = await own.call('/api/users/signin', jsonInit('POST', { email: client.email, password }));
    expect(again.status, again.text).toBe(200);
    expect((await own.call(jobs, { token: (again.json as { token: string }).token })).status).toBe(200);
  });

  it('"sign out everywhere" ends every session of the account and its refresh tokens; a new sign-in works at once', async () => {
    const client = await signedInClient();
    const jobs = `/api/jobs/client/${client.userId}`;
    // A second device: signed in with a refresh token.
    const other = await own.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: own.stack.pool.siteClientId,
        AuthParameters: { USERNAME: client.email, PASSWORD: client.password },
      }),
    );
    const otherToken = other.AuthenticationResult!.AccessToken!;
    expect((await own.call(jobs, { token: otherToken })).status).toBe(200);

    const out = await own.call('/api/users/sign-out-everywhere', { method: 'POST', token: client.token });
    expect(out.status, out.text).toBe(200);
    for (const token of [client.token, otherToken]) {
      expectEnded(await own.call(jobs, { token }));
      expectEnded(await own.call('/api/jobs', jsonInit('POST', await order(), token)));
    }
    await expect(
      own.cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: own.stack.pool.siteClientId,
          AuthParameters: { REFRESH_TOKEN: other.AuthenticationResult!.RefreshToken! },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const again = await own.call(
      '/api/users/signin',
      jsonInit('POST', { email: client.email, password: client.password }),
    );
    expect(again.status, again.text).toBe(200);
    expect((await own.call(jobs, { token: (again.json as { token: string }).token })).status).toBe(200);
  });

  it('a staff member signs out everywhere the same way', async () => {
    const editor = await own.invitedStaff(adminToken, 'EDITOR');
    expect((await own.call('/api/jobs/assigned-jobs', { token: editor.token })).status).toBe(200);
    const out = await own.call('/api/users/sign-out-everywhere', { method: 'POST', token: editor.token });
    expect(out.status, out.text).toBe(200);
    expectEnded(await own.call('/api/jobs/assigned-jobs', { token: editor.token }));
  });
});
