#!/usr/bin/env node
// The test run of `npm test`: four lanes side by side, each a process of its own, so that no
// suite waits for another (vitest runs the projects of one process group after group):
//   - browser: the site in headless Chromium (@playwright/test, playwright.config.ts), on a local
//     stack of its own; shown as it runs;
//   - api: the handlers through the local gateway (vitest's stack project), on another local
//     stack, files one at a time;
//   - other: unit, web (jsdom), infra and the isolated files (each of those starts emulators of
//     its own on ports the system hands out);
//   - static: the type check and lint (scripts/static-checks.mjs).
// All but the browser lane are printed whole when they end, at a lower CPU priority: a browser
// starved of CPU is what makes a browser test slow (with two browser workers, the API and unit
// lanes now end last: docs/decisions/platform.md). The static checks have the lowest: they need
// no emulator and wait on nothing, so they take the CPU the test lanes leave idle while they wait
// on a page or an emulator (run first, they added about a minute and a half to the run). On a
// one-core machine the lanes run one after another, the static checks first. The run fails if
// any lane fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const playwright = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

const vitestLane = (projects) => ({
  args: [vitest, 'run', ...projects.flatMap((name) => ['--project', name])],
  command: ['vitest run', ...projects.map((name) => `--project ${name}`)].join(' '),
});

export const lanes = {
  static: {
    args: [path.join(root, 'scripts', 'static-checks.mjs')],
    command: 'type check and lint',
    live: false,
    nice: 10,
  },
  browser: { args: [playwright, 'test'], command: 'playwright test', live: true },
  api: { ...vitestLane(['stack']), live: false, nice: 5 },
  other: { ...vitestLane(['unit', 'web', 'infra', 'isolated']), live: false, nice: 5 },
};

// A failed lane's last lines are printed again after every lane has ended, so that the end of the
// run (what a CI log shows first) names the failed test and its error, not the lane that ended last.
const failureTailLines = 120;
const lastLines = (text, count) => text.split('\n').slice(-count).join('\n');

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/**
 * Runs one lane: its output shown as it comes (`live`) or held and printed whole at its end.
 * Resolves with whether it passed and a line saying so, with its time.
 */
export function runLane({ args, command, live, nice = 0 }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: every lane at the same priority.
      }
    }
    const output = [];
    const keep = (stream) => (chunk) => {
      output.push(chunk);
      if (live) stream.write(chunk);
    };
    child.stdout?.on('data', keep(process.stdout));
    child.stderr?.on('data', keep(process.stderr));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const passed = code === 0;
      if (!live) {
        console.log(`\n──── ${command}, run beside the others ────`);
        process.stdout.write(Buffer.concat(output));
        console.log(`──── end of ${command} ────\n`);
      }
      resolve({
        command,
        passed,
        seconds,
        tail: passed ? '' : lastLines(Buffer.concat(output).toString('utf8'), failureTailLines),
        text: `${passed ? 'ok    ' : 'FAILED'} ${command} (${seconds} s${signal ? `, ${signal}` : ''})`,
      });
    });
  });
}

if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) {
  const started = Date.now();
  const results = [];
  if (availableParallelism() < 2) {
    for (const lane of Object.values(lanes)) results.push(await runLane({ ...lane, live: true }));
  } else {
    results.push(...(await Promise.all(Object.values(lanes).map((lane) => runLane(lane)))));
  }
  for (const result of results.filter((each) => !each.passed)) {
    console.log(`\n──── the end of ${result.command}, which failed ────`);
    console.log(result.tail);
  }
  console.log(results.map((result) => result.text).join('\n'));
  console.log(`tests: ${Math.round((Date.now() - started) / 1000)} s`);
  if (!results.every((result) => result.passed)) process.exit(1);
}
