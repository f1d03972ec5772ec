import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { totp, totpStepSeconds } from '../local/totp.ts';
import { freshCode } from '../test-setup/authenticator-codes.ts';

const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const stepMs = totpStepSeconds * 1000;
const codeAt = (step: number) => totp(secret, step * stepMs);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'codes-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

describe('freshCode', () => {
  it('hands out the current step, then the next, then waits for the next step to begin', async () => {
    const step = 60_000_000;
    vi.useFakeTimers({ now: step * stepMs + 1_000, toFake: ['Date', 'setTimeout'] });
    const stateFile = path.join(dir, 'codes.json');
    expect(await freshCode(secret, { stateFile })).toBe(codeAt(step));
    expect(await freshCode(secret, { stateFile })).toBe(codeAt(step + 1));

    let third: string | undefined;
    void freshCode(secret, { stateFile }).then((code) => (third = code));
    await vi.advanceTimersByTimeAsync(stepMs - 2_000);
    expect(third).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(third).toBe(codeAt(step + 2));
  });

  it('never gives two processes sharing a state file the same code', async () => {
    const stateFile = path.join(dir, 'codes.json');
    // Both ask at the same instant, once loaded: the read-then-write this replaced gave both the
    // current step's code when they met like this.
    const at = Date.now() + 3_000;
    const script = `
      await new Promise((resolve) => setTimeout(resolve, ${at} - Date.now()));
      import { freshCode } from ${JSON.stringify(path.resolve(import.meta.dirname, '../test-setup/authenticator-codes.ts'))};
      console.log(await freshCode(${JSON.stringify(secret)}, { stateFile: ${JSON.stringify(stateFile)} }));
    `;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: path.resolve(import.meta.dirname, '..', '..'),
      });
    const started = Math.floor(Date.now() / stepMs);
    const first = await Promise.all([run(), run()]);
    const codes = first.map((result) => result.stdout.trim());
    expect(new Set(codes).size).toBe(2);
    const allowed = [started, started + 1, started + 2].map(codeAt);
    for (const code of codes) expect(allowed).toContain(code);
  }, 30_000);
});
