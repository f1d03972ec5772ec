import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { webhookEnvNames } from '@studio/shared/webhooks';
import { forbiddenAddressReason } from './address-rule.ts';

/*
 * Where a webhook's events may go (#36). On AWS: https, to a host whose every address passes the
 * address rule (address-rule.ts), checked when the webhook is made and again before each delivery,
 * and the delivery connects to the address that was checked (no second lookup an attacker's DNS
 * could answer differently). The local stack also allows http to 127.0.0.1 and localhost, where
 * the tests' receivers listen.
 */

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether this runtime allows loopback http targets (the local stack sets it; AWS never does). */
export function loopbackAllowed(): boolean {
  return process.env[webhookEnvNames.allowLoopback] === 'true';
}

export type Target = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** Resolves a webhook URL to the one address to connect to, or why it may not be used. */
export async function resolveTarget(
  url: string,
  resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) =>
    lookup(host, { all: true, verbatim: true }),
): Promise<Target> {
  const parsed = new URL(url);
  const host = parsed.hostname;
  if (loopbackAllowed() && parsed.protocol === 'http:' && loopbackHosts.has(host)) {
    return host === '[::1]' ? { ok: true, address: '::1', family: 6 } : { ok: true, address: '127.0.0.1', family: 4 };
  }
  if (parsed.protocol !== 'https:') return { ok: false, reason: 'The URL must start with https://.' };
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      return { ok: false, reason: `The host ${bare} could not be resolved.` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `The host ${bare} could not be resolved.` };
  for (const { address } of addresses) {
    const rule = forbiddenAddressReason(address);
    if (rule) return { ok: false, reason: `The host ${bare} resolves to ${address}, ${rule}: not allowed.` };
  }
  const first = addresses[0]!;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}
