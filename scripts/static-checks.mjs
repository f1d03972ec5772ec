#!/usr/bin/env node
// The type check and lint of `npm test`, two at a time: the same commands as `npm run typecheck`
// and `npm run lint`, which run them one after another (about 110 s on a two-core machine; two at
// a time, 83 s). A command's output is printed whole when it fails, and the run fails if any of
// them fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// Longest first (measured on two cores), so that the two lanes end close together.
const checks = [
  ['tsc -p web', bin('tsc'), ['-p', 'web']],
  ['prettier --check .', bin('prettier'), ['--check', '.']],
  ['tsc -p functions', bin('tsc'), ['-p', 'functions']],
  ['eslint .', bin('eslint'), ['.']],
  ['tsc -p infra', bin('tsc'), ['-p', 'infra']],
  ['tsc -p scripts', bin('tsc'), ['-p', 'scripts']],
  ['tsc -p shared', bin('tsc'), ['-p', 'shared']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${name} (${seconds} s)${text && code !== 0 ? `\n${text}` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const lanes = Math.max(1, Math.min(2, availableParallelism()));
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    const passed = [];
    for (let check = queue.shift(); check; check = queue.shift()) passed.push(await run(check));
    return passed.every(Boolean);
  }),
);
if (!results.every(Boolean)) {
  console.error('\nType check or lint failed: see above.');
  process.exit(1);
}
