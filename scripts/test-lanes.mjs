#!/usr/bin/env node
// The test run of `npm test`: the suites in two vitest processes side by side. Vitest runs the
// projects of one process group after group, so the stack suite (one file at a time: its files
// share one local stack) would otherwise wait for, or be followed by, every other file:
//   - stack: the handlers and the site against the suite's local stack, shown as they run;
//   - unit, web, infra and isolated (each of those files starts its own emulators on ports the
//     system hands out): printed whole when they end.
// On a one-core machine, one `vitest run`, as `npm run test:unit`. The run fails if either fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

const lanes = [
  { projects: ['stack'], live: true },
  // At a lower CPU priority (inherited by its workers and their emulators): the stack suite is the
  // longer of the two, and should not wait on these when both want both cores.
  { projects: ['unit', 'web', 'infra', 'isolated'], live: false, nice: 5 },
];

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

function run(projects, live, nice = 0) {
  const args = [vitest, 'run', ...projects.flatMap((name) => ['--project', name])];
  const command = ['vitest run', ...projects.map((name) => `--project ${name}`)].join(' ');
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: both at the same priority, as before.
      }
    }
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const passed = code === 0;
      if (!live) {
        console.log(`\n──── ${command}, run beside the stack suite ────`);
        process.stdout.write(Buffer.concat(output));
        console.log(`──── end of ${command} ────\n`);
      }
      resolve({
        command,
        passed,
        text: `${passed ? 'ok    ' : 'FAILED'} ${command} (${seconds} s${signal ? `, ${signal}` : ''})`,
      });
    });
  });
}

if (availableParallelism() < 2) {
  const { passed } = await run([], true);
  process.exit(passed ? 0 : 1);
}

const results = await Promise.all(lanes.map(({ projects, live, nice }) => run(projects, live, nice)));
console.log(results.map((result) => result.text).join('\n'));
if (!results.every((result) => result.passed)) process.exit(1);
