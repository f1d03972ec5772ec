import { afterEach, describe, expect, it } from 'vitest';
import { webhookEnvNames } from '@studio/shared/webhooks';
import { forbiddenAddressReason } from '../../src/webhooks/address-rule.ts';
import { nextAttemptAt, retryWindowMs } from '../../src/webhooks/backoff.ts';
import { newWebhookSecret, signatureHeader, verifySignature } from '../../src/webhooks/signing.ts';
import { resolveTarget } from '../../src/webhooks/target.ts';

describe('the signature of a delivery', () => {
  const body = '{"id":"evt_1","type":"job.created"}';

  it('is HMAC-SHA256 of "<t>.<body>" in hex, as a fixed vector computed with openssl says', () => {
    // printf '%s' '1700000000.<body>' | openssl dgst -sha256 -hmac 'whsec_test_secret'
    expect(signatureHeader('whsec_test_secret', 1_700_000_000, body)).toBe(
      't=1700000000,v1=e9b8316e4272a3b22e90ccadb295c5aa4f9cbeffd4faec4e21e920119863c206',
    );
  });

  it('verifies with the same secret and body, within the tolerance only', () => {
    const header = signatureHeader('whsec_a', 1_700_000_000, body);
    expect(verifySignature('whsec_a', header, body, 1_700_000_100, 300)).toBe(true);
    expect(verifySignature('whsec_b', header, body, 1_700_000_100, 300)).toBe(false);
    expect(verifySignature('whsec_a', header, `${body} `, 1_700_000_100, 300)).toBe(false);
    expect(verifySignature('whsec_a', header, body, 1_700_000_301, 300)).toBe(false);
    expect(verifySignature('whsec_a', 't=abc,v1=00', body, 1_700_000_000, 300)).toBe(false);
  });

  it('uses a secret of whsec_ and 32 random bytes, different each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), 'base64url')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('the address rule of webhook targets', () => {
  it.each([
    ['0.0.0.0', '0.0.0.0/8'],
    ['0.1.2.3', '0.0.0.0/8'],
    ['10.0.0.1', '10.0.0.0/8'],
    ['10.255.255.255', '10.0.0.0/8'],
    ['100.64.0.1', '100.64.0.0/10'],
    ['100.127.255.254', '100.64.0.0/10'],
    ['127.0.0.1', '127.0.0.0/8'],
    ['127.255.0.9', '127.0.0.0/8'],
    ['169.254.169.254', '169.254.0.0/16'],
    ['169.254.170.2', '169.254.0.0/16'],
    ['172.16.0.1', '172.16.0.0/12'],
    ['172.31.255.255', '172.16.0.0/12'],
    ['192.168.1.1', '192.168.0.0/16'],
    ['192.0.0.170', '192.0.0.0/24'],
    ['198.18.0.1', '198.18.0.0/15'],
    ['224.0.0.1', '224.0.0.0/4'],
    ['255.255.255.255', '240.0.0.0/4'],
    ['::', '(::)'],
    ['::1', '(::1)'],
    ['fd00:ec2::254', 'fc00::/7'],
    ['fc00::1', 'fc00::/7'],
    ['fe80::1', 'fe80::/10'],
    ['fe80::1%eth0', 'fe80::/10'],
    ['ff02::1', 'ff00::/8'],
    ['::ffff:127.0.0.1', '127.0.0.0/8'],
    ['::ffff:169.254.169.254', '169.254.0.0/16'],
    ['::ffff:a9fe:a9fe', '169.254.0.0/16'],
    ['::ffff:10.1.2.3', '10.0.0.0/8'],
    ['0:0:0:0:0:ffff:c0a8:0101', '192.168.0.0/16'],
    ['64:ff9b::10.0.0.1', '10.0.0.0/8'],
    ['2002:a9fe:a9fe::1', '169.254.0.0/16'],
  ])('refuses %s (%s)', (address, rule) => {
    expect(forbiddenAddressReason(address)).toContain(rule);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '203.0.113.9',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(forbiddenAddressReason('example.com')).toBe('not an IP address');
    expect(forbiddenAddressReason('')).toBe('not an IP address');
  });
});

describe('the target of a webhook', () => {
  afterEach(() => {
    delete process.env[webhookEnvNames.allowLoopback];
  });
  const answering =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('is refused when any address of its host breaks the rule, and pinned to the address checked otherwise', async () => {
    expect(await resolveTarget('https://hooks.example.test/x', answering('93.184.216.34'))).toEqual({
      ok: true,
      address: '93.184.216.34',
      family: 4,
    });
    const mixed = await resolveTarget('https://hooks.example.test/x', answering('93.184.216.34', '10.0.0.5'));
    expect(mixed).toEqual({ ok: false, reason: expect.stringContaining('10.0.0.0/8') });
    const metadata = await resolveTarget('https://169.254.169.254/latest/meta-data', answering());
    expect(metadata).toEqual({ ok: false, reason: expect.stringContaining('169.254.0.0/16') });
    const mapped = await resolveTarget('https://[::ffff:7f00:1]/x', answering());
    expect(mapped).toEqual({ ok: false, reason: expect.stringContaining('127.0.0.0/8') });
  });

  it('must be https on AWS, loopback http only where the local stack allows it', async () => {
    expect(await resolveTarget('http://hooks.example.test/x', answering('93.184.216.34'))).toEqual({
      ok: false,
      reason: 'The URL must start with https://.',
    });
    expect((await resolveTarget('http://127.0.0.1:8080/x', answering())).ok).toBe(false);
    const local = await resolveTarget('https://localhost/x', answering('127.0.0.1'));
    expect(local).toEqual({ ok: false, reason: expect.stringContaining('loopback') });
    process.env[webhookEnvNames.allowLoopback] = 'true';
    expect(await resolveTarget('http://127.0.0.1:8080/x', answering())).toEqual({
      ok: true,
      address: '127.0.0.1',
      family: 4,
    });
    expect((await resolveTarget('http://localhost:8080/x', answering())).ok).toBe(true);
    expect((await resolveTarget('http://10.0.0.1:8080/x', answering())).ok).toBe(false);
  });

  it('is refused when its host does not resolve', async () => {
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await resolveTarget('https://nowhere.example.test/x', failing)).toEqual({
      ok: false,
      reason: 'The host nowhere.example.test could not be resolved.',
    });
  });
});

describe('the retry schedule', () => {
  const first = Date.UTC(2026, 10, 28, 12, 0, 0);
  const minutes = (n: number) => n * 60_000;

  it('waits 1, 5, 15, 30 min, 1, 2, 4 h, then 8 h between tries, and gives up past 24 h', () => {
    const gaps: number[] = [];
    let now = first;
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(attempt, first, now);
      if (next === null) break;
      gaps.push((next - now) / 60_000);
      now = next;
    }
    expect(gaps).toEqual([1, 5, 15, 30, 60, 120, 240, 480, 480]);
    // Ten tries in all, the last one 23 h 51 min after the first.
    expect(now - first).toBe(minutes(1431));
    expect(now - first).toBeLessThanOrEqual(retryWindowMs);
  });

  it('counts the window from the first try, not from the failure at hand', () => {
    expect(nextAttemptAt(1, first, first + retryWindowMs - minutes(1))).toBe(first + retryWindowMs);
    expect(nextAttemptAt(1, first, first + retryWindowMs - minutes(1) + 1)).toBeNull();
  });
});
