/**
 * `npm run measure:revocation`: how long a disabled or deleted account's token still works, with
 * the production setting (a container keeps an account's status 30 s; functions/src/lib/
 * account-check.ts). On a throwaway local stack, whose gateway is one warm container: a staff
 * member's token reads a page (the status is now kept), the account is disabled (then, for a
 * second member, deleted) at once, and the same read is repeated every 250 ms until it is refused.
 * That is the longest window, since the status was read just before the change.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readMailbox } from './local/mailbox.ts';
import { startLocalStack, wipe } from './local/stack.ts';
import { totp } from './local/totp.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-revocation-'));
console.log('Starting a throwaway local stack (production account status cache)...');
const stack = await startLocalStack({ dataDir, persist: false, siteOrigin: 'http://127.0.0.1:9', logLevel: 'error' });

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

async function window(change: 'disabled' | 'deleted', adminToken: string): Promise<number> {
  const editor = await invitedEditor(adminToken, `measure-${change}`);
  const probe = () => call('/api/jobs/assigned-jobs', { token: editor.token });
  if ((await probe()).status !== 200) throw new Error('the token did not work to begin with');
  const changed =
    change === 'disabled'
      ? await call(`/api/admin/${editor.id}/status`, { method: 'PUT', token: adminToken, body: { status: 'DISABLED' } })
      : await call(`/api/admin/${editor.id}`, { method: 'DELETE', token: adminToken });
  const at = Date.now();
  if (changed.status !== 200) throw new Error(`could not change the account: ${JSON.stringify(changed.json)}`);
  for (;;) {
    const answer = await probe();
    if (answer.status === 401) return (Date.now() - at) / 1000;
    if (Date.now() - at > 120_000) throw new Error('the token still worked after two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

try {
  const admin = stack.accounts.find((a) => a.role === 'SUPER_ADMIN')!;
  const adminToken = await staffToken(admin.email, admin.password, { mfaCode: totp(admin.totpSecret!) });
  for (const change of ['disabled', 'deleted'] as const) {
    const seconds = await window(change, adminToken);
    console.log(`A ${change} account's token was refused ${seconds.toFixed(1)} s after the change.`);
  }
  console.log('(A container keeps an account status 30 s: that is the longest window, per warm container.)');
} finally {
  await stack.stop();
  await wipe(dataDir);
}
