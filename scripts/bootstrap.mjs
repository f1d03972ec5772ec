#!/usr/bin/env node
// Entry point of `npm start`, `npm run preview`, `npm test`, `npm run test:repeat`, `npm run reset` and
// `npm run bench` on a fresh clone.
// Plain Node with no dependencies, because it runs before node_modules exists: it installs what
// the project needs (npm ci; Chromium for the browser tests; Java for DynamoDB Local) where it
// can, says exactly what is missing where it cannot, then hands over to the real command.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
const commands = {
  start: { needs: ['deps', 'java'], run: ['--import', 'tsx', 'scripts/start.ts'] },
  preview: { needs: ['deps', 'java'], run: ['--import', 'tsx', 'scripts/preview.ts'] },
  reset: { needs: ['deps', 'java'], run: ['--import', 'tsx', 'scripts/reset.ts'] },
  bench: { needs: ['deps', 'java', 'test-browser'], run: ['--import', 'tsx', 'scripts/bench.ts'] },
  lighthouse: { needs: ['deps', 'java', 'chromium'], run: ['--import', 'tsx', 'scripts/lighthouse.ts'] },
  test: { needs: ['deps', 'java', 'test-browser'], npm: ['run', 'test:all'] },
  'test:repeat': { needs: ['deps', 'java', 'test-browser'], run: ['scripts/test-repeat.mjs'] },
};

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function has(cmd, args = ['--version']) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(packages, why) {
  if (!isRoot || !has('apt-get', ['--version'])) return false;
  console.log(`Installing ${packages.join(', ')} with apt-get (${why})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

function ensureDeps() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.studio-install-stamp');
  const want = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.log('Installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci failed; see the output above.');
  writeFileSync(stamp, want);
}

function ensureJava() {
  if (has('java', ['-version'])) return;
  if (aptInstall(['openjdk-17-jre-headless'], 'DynamoDB Local runs on Java') && has('java', ['-version'])) return;
  fail(
    'DynamoDB Local needs Java 17 or newer, and `java` is not on PATH.\n' +
      'Install it (Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`), then run the command again.',
  );
}

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  if (aptInstall(['chromium'], 'the browser tests drive headless Chromium') && existsSync(chromiumPath)) return;
  fail(
    `The browser tests need Chromium at ${chromiumPath}, and it is not there.\n` +
      'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

// Chromium's headless shell (the old headless mode: no browser UI behind the page) runs the browser
// tests about a sixth faster than the full browser on a small machine; the full one is the fallback.
// Lighthouse keeps the full browser: the budgets' figures were measured with it.
const headlessShellPath = '/usr/bin/chromium-headless-shell';
const headlessShellTried = path.join(root, 'node_modules', '.studio-headless-shell-tried');

function ensureTestBrowser() {
  if (process.env.CHROMIUM_PATH) return ensureChromium();
  if (existsSync(headlessShellPath)) return;
  // One attempt per install: a machine whose apt cannot fetch it does not try on every run.
  if (!existsSync(headlessShellTried)) {
    writeFileSync(headlessShellTried, '');
    if (aptInstall(['chromium-headless-shell'], 'the browser tests run faster in it') && existsSync(headlessShellPath))
      return;
  }
  ensureChromium();
}

const spec = commands[command];
if (!spec) fail(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(', ')}.`);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js 20.19 or newer is needed; this is ${process.version}.`);

for (const need of spec.needs) {
  if (need === 'deps') ensureDeps();
  if (need === 'java') ensureJava();
  if (need === 'chromium') ensureChromium();
  if (need === 'test-browser') ensureTestBrowser();
}

// This machine runs Node 20 while Lambda runs Node 22; the SDK's notice about that says nothing
// new on every start, so it is switched off (package-lock.json pins SDK versions that support 20).
const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
const child = spec.npm
  ? spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', spec.npm, { cwd: root, stdio: 'inherit', env })
  : spawn(process.execPath, [...spec.run, ...process.argv.slice(3)], { cwd: root, stdio: 'inherit', env });
// Ctrl-C reaches the child through the terminal's process group; this process just waits for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
