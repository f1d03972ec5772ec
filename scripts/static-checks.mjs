#!/usr/bin/env node
// The type check and lint of `npm test`, two at a time: the commands of `npm run typecheck` and
// `npm run lint` (read from package.json), which those run one after another (about 110 s on a
// two-core machine; two at a time, 82 s). A command's output is printed whole when it fails, and
// the run fails if any of them fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const checks = [scripts.typecheck, scripts.lint].flatMap((script) => script.split('&&').map((part) => part.trim()));
// As npm runs a script: the project's own binaries first on PATH.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };

function run(command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      console.log(
        `${code === 0 ? 'ok    ' : 'FAILED'} ${command} (${seconds} s)${text && code !== 0 ? `\n${text}` : ''}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const lanes = Math.max(1, Math.min(2, availableParallelism()));
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    const passed = [];
    for (let command = queue.shift(); command; command = queue.shift()) passed.push(await run(command));
    return passed.every(Boolean);
  }),
);
if (!results.every(Boolean)) {
  console.error('\nType check or lint failed: see above.');
  process.exit(1);
}
