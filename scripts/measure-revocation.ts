/**
 * `npm run measure:revocation`: how long a disabled or deleted account's token still works, with
 * the production setting (a container keeps an account's record 30 s for reads; functions/src/lib/
 * account-check.ts), on a throwaway local stack, whose gateway runs every route group in one
 * process: one warm container. For each change, a staff member's token reads a page (its record
 * is now that container's copy), then:
 *  - through the API (`PUT api/admin/{id}/status`, `DELETE api/admin/{id}`): the container that
 *    makes the change drops its copy, so a write and a read right after are timed;
 *  - as in a container the change did not reach (the record changed in the table directly, the
 *    copy left): a write is timed once, and the read is repeated every 250 ms until it is refused.
 * Times are wall-clock, from the change's answer to the refusal.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountStatusKey } from '../functions/src/data/keys.ts';
import { readMailbox } from './local/mailbox.ts';
import { localCredentials, localNames, localRegion } from './local/provision.ts';
import { startLocalStack, wipe } from './local/stack.ts';
import { totp } from './local/totp.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-revocation-'));
console.log('Starting a throwaway local stack (production account record cache)...');
const stack = await startLocalStack({ dataDir, persist: false, siteOrigin: 'http://127.0.0.1:9', logLevel: 'error' });
const table = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stack.endpoints.dynamo, region: localRegion, credentials: localCredentials }),
);

async function call(pathname: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(stack.gateway.url + pathname, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function staffToken(email: string, password: string, extra: Record<string, string> = {}) {
  const answer = await call('/api/admin/signin', { method: 'POST', body: { email, password, ...extra } });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(answer.json)}`);
  return answer.json.token as string;
}

async function invitedEditor(adminToken: string, name: string) {
  const email = `${name}-${Date.now()}@example.test`;
  const invited = await call('/api/admin/invite', {
    method: 'POST',
    token: adminToken,
    body: { email, username: name, role: 'EDITOR' },
  });
  const id = (invited.json.admin as { id: string }).id;
  let temporary: string | undefined;
  for (let i = 0; i < 100 && !temporary; i++) {
    temporary = (await readMailbox(stack.mailboxDir)).find((m) => m.to === email)?.code;
    if (!temporary) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = await staffToken(email, temporary!, { newPassword: 'Measure-pass-1' });
  return { id, token };
}

type Change = 'disabled' | 'deleted';

async function change(kind: Change, id: string, adminToken: string, where: 'api' | 'elsewhere') {
  if (where === 'elsewhere') {
    await table.send(
      new UpdateCommand({
        TableName: localNames.table,
        Key: accountStatusKey(id),
        UpdateExpression: 'SET #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': kind === 'disabled' ? 'DISABLED' : 'DELETED' },
      }),
    );
    return;
  }
  const answer =
    kind === 'disabled'
      ? await call(`/api/admin/${id}/status`, { method: 'PUT', token: adminToken, body: { status: 'DISABLED' } })
      : await call(`/api/admin/${id}`, { method: 'DELETE', token: adminToken });
  if (answer.status !== 200) throw new Error(`could not change the account: ${JSON.stringify(answer.json)}`);
}

/** Milliseconds from `since` until `probe` answers 401, probing every 250 ms (only once for `once`). */
async function refusedAfter(probe: () => Promise<{ status: number }>, since: number, once = false) {
  for (;;) {
    const answer = await probe();
    if (answer.status === 401) return Date.now() - since;
    if (once) return null;
    if (Date.now() - since > 120_000) throw new Error('the token still worked after two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const seconds = (ms: number | null) => (ms === null ? 'NOT refused' : `refused after ${(ms / 1000).toFixed(2)} s`);

try {
  const admin = stack.accounts.find((a) => a.role === 'SUPER_ADMIN')!;
  const adminToken = await staffToken(admin.email, admin.password, { mfaCode: totp(admin.totpSecret!) });
  for (const where of ['api', 'elsewhere'] as const) {
    for (const kind of ['disabled', 'deleted'] as const) {
      const place = where === 'api' ? 'in the container that made the change' : 'in a container it did not reach';
      // Each probe on an editor of its own: a write reads the record and so renews the container's
      // copy, which would end a read measured after it.
      const times: string[] = [];
      for (const probe of ['write', 'read'] as const) {
        const editor = await invitedEditor(adminToken, `measure-${kind}-${where}-${probe}`);
        const read = () => call('/api/jobs/assigned-jobs', { token: editor.token });
        // A write every role may make that changes nothing: no e-mail switch named.
        const write = () =>
          call('/api/notification-preferences', { method: 'PUT', token: editor.token, body: { preferences: {} } });
        if ((await read()).status !== 200) throw new Error('the token did not work to begin with');
        await change(kind, editor.id, adminToken, where);
        const ms = await refusedAfter(probe === 'write' ? write : read, Date.now(), probe === 'write');
        times.push(`${probe} ${seconds(ms)}`);
      }
      console.log(`A ${kind} account, ${place}: ${times.join('; ')}.`);
    }
  }
  console.log(
    "Writes read the account record on every request; a read may use a container's copy of it for up to 30 s" +
      ' (ACCOUNT_STATUS_CACHE_SECONDS). Locally every route group is one container, which the API change reaches.',
  );
} finally {
  await stack.stop();
  await wipe(dataDir);
}
