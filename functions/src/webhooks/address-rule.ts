import { isIP } from 'node:net';

/*
 * Which addresses a webhook may be sent to on AWS (#36): none inside the VPC, on the host or on
 * the metadata service. A pure function of the address, checked on every address the target's
 * host resolves to, at create and again right before each delivery (DNS answers change).
 */

interface Range {
  /** The range's first address, as a number (IPv4) or bigint (IPv6). */
  base: bigint;
  bits: number;
  rule: string;
}

const v4Ranges: readonly [string, number, string][] = [
  ['0.0.0.0', 8, 'an address of "this network" (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'a private address (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'a shared carrier-grade NAT address (100.64.0.0/10)'],
  ['127.0.0.0', 8, 'a loopback address (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'a link-local address (169.254.0.0/16, the metadata service among them)'],
  ['172.16.0.0', 12, 'a private address (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'an IETF protocol address (192.0.0.0/24)'],
  ['192.168.0.0', 16, 'a private address (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'a benchmarking address (198.18.0.0/15)'],
  ['224.0.0.0', 4, 'a multicast address (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'a reserved or broadcast address (240.0.0.0/4)'],
];

const v6Ranges: readonly [string, number, string][] = [
  ['::', 128, 'the unspecified address (::)'],
  ['::1', 128, 'the loopback address (::1)'],
  ['fc00::', 7, 'a unique-local address (fc00::/7, the metadata service fd00:ec2::254 among them)'],
  ['fe80::', 10, 'a link-local address (fe80::/10)'],
  ['fec0::', 10, 'a site-local address (fec0::/10)'],
  ['ff00::', 8, 'a multicast address (ff00::/8)'],
  ['100::', 64, 'a discard-only address (100::/64)'],
];

function v4Number(address: string): bigint {
  return address.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = Number(v4Number(tail[1]!));
    text = `${text.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

function v6Number(address: string): bigint {
  return v6Groups(address).reduce((sum, group) => (sum << 16n) + BigInt(group), 0n);
}

const compile = (ranges: readonly [string, number, string][], toNumber: (a: string) => bigint): Range[] =>
  ranges.map(([base, bits, rule]) => ({ base: toNumber(base), bits, rule }));

const v4 = compile(v4Ranges, v4Number);
const v6 = compile(v6Ranges, v6Number);

function matching(ranges: Range[], value: bigint, width: number): string | null {
  for (const range of ranges) {
    const shift = BigInt(width - range.bits);
    if (value >> shift === range.base >> shift) return range.rule;
  }
  return null;
}

/** An IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), to be checked as well. */
function embeddedV4(value: bigint): bigint | null {
  const low32 = value & 0xffffffffn;
  if (value >> 32n === 0xffffn) return low32; // ::ffff:a.b.c.d (IPv4-mapped)
  if (value >> 32n === 0n) return low32; // ::a.b.c.d (IPv4-compatible, deprecated)
  if (value >> 32n === 0x0064ff9b0000000000000000n) return low32; // 64:ff9b::/96 (NAT64)
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn; // 2002::/16 (6to4)
  return null;
}

/**
 * Why a webhook may not be sent to this address (the rule it breaks, in words), or null when it
 * may. Anything that is not an IP address is refused too: the caller resolves names first.
 */
export function forbiddenAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return matching(v4, v4Number(address), 32);
  if (family !== 6) return 'not an IP address';
  const value = v6Number(address);
  const own = matching(v6, value, 128);
  if (own) return own;
  const inner = embeddedV4(value);
  if (inner === null) return null;
  const rule = matching(v4, inner, 32);
  return rule ? `${rule}, inside an IPv6 address` : null;
}
