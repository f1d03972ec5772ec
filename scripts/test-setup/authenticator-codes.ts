/**
 * Authenticator codes for tests that sign a staff account in more than once. The API takes each
 * code once per account (#32), as a person's authenticator shows a new code every 30 s; so each
 * code handed out here is remembered, and the next one for the same key is the code of the next
 * step, which Cognito and its emulator also take (they allow a step of clock drift either way).
 * Only when both are used is there a wait, for the next step to begin: what a person waits for.
 * A state file shares what was handed out between the stack suite's test files (one at a time),
 * which sign in the same seeded accounts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { totp, totpStepSeconds } from '../local/totp.ts';

const stepMs = totpStepSeconds * 1000;

/** The last step handed out per key, in this process (without a state file). */
const inProcess = new Map<string, number>();

function lastStep(key: string, stateFile: string | undefined): number {
  if (!stateFile) return inProcess.get(key) ?? -1;
  try {
    return (JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, number>)[key] ?? -1;
  } catch {
    return -1;
  }
}

function remember(key: string, step: number, stateFile: string | undefined): void {
  if (!stateFile) {
    inProcess.set(key, step);
    return;
  }
  let state: Record<string, number> = {};
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, number>;
  } catch {
    // first code of the run
  }
  writeFileSync(stateFile, JSON.stringify({ ...state, [key]: step }));
}

/**
 * A code of `secret` not handed out before: the current step's, else the next step's, else (both
 * used) the next step's once it has begun. Taken (remembered) before this returns, so parallel
 * callers in one process get different codes.
 */
export async function freshCode(secret: string, options: { stateFile?: string } = {}): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / stepMs);
    const step = Math.max(current, lastStep(secret, options.stateFile) + 1);
    if (step <= current + 1) {
      remember(secret, step, options.stateFile);
      return totp(secret, step * stepMs);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * stepMs - Date.now() + 50));
  }
}
