/**
 * `npm start`: the whole product on this machine. Emulators, seeded data, the local gateway and
 * the Vite dev server for the site, which proxies /api, /media and /_dev so the browser sees one
 * origin. Ctrl-C stops everything this started.
 */
import path from 'node:path';
import { createServer } from 'vite';
import { acquireRunLock } from './local/run-lock.ts';
import { localNames } from './local/provision.ts';
import { repoRoot, startLocalStack } from './local/stack.ts';

const startedAt = Date.now();
const port = Number(process.env.PORT ?? 5173);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}
const siteUrl = `http://localhost:${port}`;
// STUDIO_DATA_DIR lets the bench script start a throwaway copy beside a running one.
const dataDir = process.env.STUDIO_DATA_DIR ? path.resolve(process.env.STUDIO_DATA_DIR) : path.join(repoRoot, '.local');

const attempt = await acquireRunLock(dataDir, siteUrl);
if (!attempt.acquired) {
  console.error(
    `The studio is already running at ${attempt.holder.url} (process ${attempt.holder.pid}).\n` +
      `Use that one, or stop it first (Ctrl-C in its terminal, or \`kill ${attempt.holder.pid}\`).`,
  );
  process.exit(1);
}
const lock = attempt;

console.log('Starting the local stack (DynamoDB Local, S3, Cognito, SES and payment emulators)...');
let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
  stack = await startLocalStack({
    dataDir,
    persist: true,
    siteOrigin: siteUrl,
    logLevel: (process.env.LOG_LEVEL as 'info' | undefined) ?? 'warn',
  });
} catch (error) {
  await lock.release();
  console.error(`\nCould not start the local stack:\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

Object.assign(process.env, {
  STUDIO_API_TARGET: stack.gateway.url,
  STUDIO_MEDIA_TARGET: stack.endpoints.s3,
  STUDIO_MEDIA_BUCKET: localNames.mediaBucket,
  PORT: String(port),
});
const vite = await createServer({
  configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
  root: path.join(repoRoot, 'web'),
  server: { host: '127.0.0.1', port, strictPort: true },
  logLevel: 'warn',
});
try {
  await vite.listen();
} catch (error) {
  await stack.stop();
  await lock.release();
  console.error(
    `\nCould not serve the site on port ${port}: ${error instanceof Error ? error.message : String(error)}`,
  );
  console.error('Set PORT to another port, e.g. `PORT=5180 npm start`.');
  process.exit(1);
}

await lock.describe({
  gatewayUrl: stack.gateway.url,
  cognitoEndpoint: stack.endpoints.cognito,
  childPids: stack.childPids,
});
const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
const width = Math.max(...stack.accounts.map((a) => a.email.length));
console.log(`
  Retouch Studio is running (ready in ${seconds} s)${stack.seeded ? ', demo content seeded' : ''}.

  Site:     ${siteUrl}
  Mailbox:  ${siteUrl}/_dev/mailbox   (e-mails the product sends, also in .local/mailbox/)
  API:      ${siteUrl}/api/services

  Demo accounts (also in .local/demo-accounts.json):
${stack.accounts.map((a) => `    ${a.role.padEnd(12)} ${a.email.padEnd(width)}  ${a.password}${a.totpSecret ? `  authenticator key ${a.totpSecret}` : ''}`).join('\n')}
  SUPER_ADMIN and MANAGER sign in with a code as well: \`npm run totp -- <e-mail>\` prints the current one.

  Data persists in .local/ (npm run reset wipes and reseeds it). Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await vite.close().catch(() => undefined);
  await stack.stop().catch(() => undefined);
  await lock.release();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
