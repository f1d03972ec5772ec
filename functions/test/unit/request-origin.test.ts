import { describe, expect, it } from 'vitest';
import { lockAfterAttempt } from '../../src/data/abuse-limits.ts';
import { addressKey, clientAddress, signInLockPolicy } from '../../src/lib/limits.ts';

describe('the address a limit counts by', () => {
  it('is the viewer address CloudFront names, else the connection source', () => {
    expect(clientAddress({ 'cloudfront-viewer-address': '203.0.113.9:51234' }, '10.0.0.1')).toBe('203.0.113.9');
    expect(clientAddress({ 'cloudfront-viewer-address': '[2001:db8::1]:443' }, '10.0.0.1')).toBe('2001:db8::1');
    expect(clientAddress({}, '198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps an IPv4 address whole and cuts an IPv6 one to its /64, in any spelling', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    const network = '2001:db8:0:42::/64';
    expect(addressKey('2001:db8:0:42::1')).toBe(network);
    expect(addressKey('2001:0db8:0000:0042:abcd:ef01:2345:6789')).toBe(network);
    expect(addressKey('2001:DB8:0:42:ffff::9')).toBe(network);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:43::1')).not.toBe(network);
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('the sign-in lock of one account at one address', () => {
  it('lets 4 attempts through unlocked, then locks 15 s, doubling to at most 15 minutes', () => {
    const locks = Array.from({ length: 12 }, (_, i) => lockAfterAttempt(i + 1, signInLockPolicy) / 1000);
    expect(locks).toEqual([0, 0, 0, 0, 15, 30, 60, 120, 240, 480, 900, 900]);
  });
});
