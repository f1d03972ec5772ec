import { createHash, timingSafeEqual } from 'node:crypto';
import { operationsEnvNames } from '@studio/shared/platform';
import type { Logger } from './observability.ts';
import { readSecretString } from './secrets.ts';

/*
 * The API is reachable only through the CDN: CloudFront adds `x-origin-verify` with a secret value
 * to every request it forwards, and the handlers refuse any request without it. The value lives
 * in Secrets Manager and is read once per container, then:
 *   - again every `maxAgeMs`, so a retired value stops working within that time;
 *   - again on a value it does not know (at most once per `missGapMs`), so a rotation does not lock
 *     anyone out: a container that still holds the old values learns the new one on the first
 *     request carrying it.
 * Both the current and the previous version (stages AWSCURRENT, AWSPREVIOUS) are accepted, so
 * CloudFront edges still sending the old value while the new one propagates are served. A request
 * with no header at all never causes a read: it did not come through CloudFront.
 *
 * Locally there is no Secrets Manager: the local stack sets the value itself (ORIGIN_SECRET) and
 * its gateway, the only way in, adds the header. With neither variable set every request fails.
 */

/** Where the accepted values come from. */
export type OriginSecretSource = { secretArn: string } | { value: string };

export interface OriginGuardOptions {
  /** Re-read the secret after this long even without a miss. */
  maxAgeMs?: number;
  /** Least time between two reads caused by unknown values (a flood of forged values costs little). */
  missGapMs?: number;
  now?: () => number;
}

/** Reads the values a source accepts: the current one first. */
export type SecretReader = () => Promise<string[]>;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares in constant time whatever the lengths, so timing tells nothing about the value. */
function sameSecret(candidate: string, accepted: readonly Buffer[]): boolean {
  const hashed = digest(candidate);
  let match = false;
  for (const value of accepted) match = timingSafeEqual(hashed, value) || match;
  return match;
}

function isMissingVersion(error: unknown): boolean {
  return (error as { name?: string }).name === 'ResourceNotFoundException';
}

/** The current and, when there is one, the previous value of the secret. */
export function secretsManagerReader(secretArn: string): SecretReader {
  return async () => {
    const read = (stage: string) => readSecretString(secretArn, stage);
    const [current, previous] = await Promise.all([
      read('AWSCURRENT'),
      // A secret that was never rotated has no previous version.
      read('AWSPREVIOUS').catch((error: unknown) => {
        if (isMissingVersion(error)) return undefined;
        throw error;
      }),
    ]);
    if (!current) throw new Error('The origin secret has no string value.');
    return [current, ...(previous ? [previous] : [])];
  };
}

/** Decides whether a header value is one CloudFront sends. */
export interface OriginGuard {
  accepts(headerValue: string | undefined, log?: Logger): Promise<boolean>;
}

export function createOriginGuard(reader: SecretReader, options: OriginGuardOptions = {}): OriginGuard {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const missGapMs = options.missGapMs ?? 5_000;
  const now = options.now ?? Date.now;
  let accepted: Buffer[] | undefined;
  let readAt = 0;
  let triedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<Buffer[]> | undefined;

  const refresh = (): Promise<Buffer[]> => {
    // One read at a time, shared by every request waiting for it.
    if (!reading) {
      triedAt = now();
      reading = reader()
        .then((values) => {
          accepted = values.map(digest);
          readAt = now();
          return accepted;
        })
        .finally(() => {
          reading = undefined;
        });
    }
    return reading;
  };
  const mayReadAgain = () => now() - triedAt >= missGapMs;
  const warn = (log: Logger | undefined, msg: string, error: unknown) =>
    log?.warn(msg, { errorName: error instanceof Error ? error.name : 'Unknown' });

  return {
    async accepts(headerValue, log) {
      if (!headerValue) return false;
      // Without any value read yet nothing can be judged: a failed read is a failure of ours.
      if (!accepted) await refresh();
      else if (now() - readAt >= maxAgeMs && mayReadAgain()) {
        await refresh().catch((error: unknown) => warn(log, 'origin secret could not be re-read', error));
      }
      if (sameSecret(headerValue, accepted!)) return true;
      if (!mayReadAgain()) return false;
      // An unknown value: perhaps the secret was rotated since the last read.
      try {
        return sameSecret(headerValue, await refresh());
      } catch (error) {
        warn(log, 'origin secret could not be re-read after an unknown value', error);
        return false;
      }
    },
  };
}

let fromEnvironment: OriginGuard | undefined;

/**
 * The guard configured by the environment, once per container: ORIGIN_SECRET_ARN (deployed) or
 * ORIGIN_SECRET (local stack). Throws, failing every request, when neither or both are set.
 */
export function originGuard(): OriginGuard {
  if (!fromEnvironment) {
    const secretArn = process.env[operationsEnvNames.originSecretArn] || undefined;
    const value = process.env[operationsEnvNames.originSecret] || undefined;
    if (Boolean(secretArn) === Boolean(value)) {
      throw new Error(
        `Invalid handler configuration: set exactly one of ${operationsEnvNames.originSecretArn} (deployed) and ${operationsEnvNames.originSecret} (local stack)`,
      );
    }
    const reader: SecretReader = secretArn ? secretsManagerReader(secretArn) : async () => [value!];
    fromEnvironment = createOriginGuard(reader);
  }
  return fromEnvironment;
}

/** Forgets the guard built from the environment (tests that change the environment). */
export function resetOriginGuard(): void {
  fromEnvironment = undefined;
}
