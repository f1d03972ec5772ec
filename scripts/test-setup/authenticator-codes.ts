/**
 * Authenticator codes for tests that sign a staff account in more than once. The API takes each
 * code once per account (#32), as a person's authenticator shows a new code every 30 s; so each
 * code handed out here is claimed, and the next caller for the same key gets the code of the other
 * step Cognito and its emulator take (they allow a step of clock drift either way). Only when both
 * are claimed is there a wait, for the next step to begin: what a person waits for.
 *
 * With a state file, the claims are files beside it, each created only if it does not exist yet
 * (`wx`): an atomic test-and-set across processes, so the suite's test files and the browser
 * suite's two workers, which sign in the same seeded accounts, never get the same code.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { totp, totpStepSeconds } from '../local/totp.ts';

const stepMs = totpStepSeconds * 1000;

/** The steps claimed per key, in this process (without a state file). */
const inProcess = new Map<string, Set<number>>();

/** Claims `step` of `key`; false when it was claimed already, here or by another process. */
function claim(key: string, step: number, stateFile: string | undefined): boolean {
  if (!stateFile) {
    const claimed = inProcess.get(key) ?? new Set<number>();
    inProcess.set(key, claimed);
    if (claimed.has(step)) return false;
    claimed.add(step);
    return true;
  }
  const keyName = createHash('sha256').update(key).digest('hex').slice(0, 16);
  try {
    writeFileSync(`${stateFile}.${keyName}.${step}`, '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A code of `secret` not handed out before: the current step's, else the next step's, else (both
 * claimed) the same two choices again once the next step has begun. Claimed before this returns, so
 * callers at once, in this process or another with the same state file, get different codes.
 */
export async function freshCode(secret: string, options: { stateFile?: string } = {}): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / stepMs);
    for (const step of [current, current + 1]) {
      if (claim(secret, step, options.stateFile)) return totp(secret, step * stepMs);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * stepMs - Date.now() + 50));
  }
}
