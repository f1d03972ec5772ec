/**
 * Time-based one-time passwords (RFC 6238, HMAC-SHA1, 30 s steps, 6 digits): what an authenticator
 * app computes from the secret Cognito hands out when a staff member sets up two-step sign-in. The
 * seed uses it to enrol the demo staff accounts, `npm run totp` prints their current codes, and the
 * tests sign staff in with it. Never used by the handlers: Cognito checks the codes.
 */
import { createHmac } from 'node:crypto';

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (the form Cognito's `SecretCode` takes); spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226) of a key and a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStepSeconds = 30;

/** The code of a base32 secret at a time (default now). */
export function totp(secret: string, at = Date.now()): string {
  return hotp(base32Decode(secret), Math.floor(at / 1000 / totpStepSeconds));
}

/** Seconds until the code of `at` changes. */
export function totpSecondsLeft(at = Date.now()): number {
  return totpStepSeconds - (Math.floor(at / 1000) % totpStepSeconds);
}
