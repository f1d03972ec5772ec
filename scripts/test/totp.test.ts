import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totp, totpSecondsLeft } from '../local/totp.ts';

// RFC 4226 appendix D and RFC 6238 appendix B: the ASCII key "12345678901234567890".
const key = Buffer.from('12345678901234567890', 'ascii');
const base32Key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('one-time passwords', () => {
  it('HOTP matches RFC 4226', () => {
    expect([0, 1, 2, 3, 9].map((counter) => hotp(key, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '520489',
    ]);
  });

  it('TOTP matches RFC 6238 (SHA-1, 8 digits there; the last 6 here)', () => {
    expect(base32Decode(base32Key)).toEqual(key);
    expect(totp(base32Key, 59_000)).toBe('287082');
    expect(totp(base32Key, 1_111_111_109_000)).toBe('081804');
    expect(totp(base32Key, 1_234_567_890_000)).toBe('005924');
    expect(totp(base32Key, 2_000_000_000_000)).toBe('279037');
  });

  it('counts the seconds left in the step', () => {
    expect(totpSecondsLeft(59_000)).toBe(1);
    expect(totpSecondsLeft(60_000)).toBe(30);
  });
});
