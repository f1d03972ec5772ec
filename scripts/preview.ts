/**
 * `npm run preview`: the site as it is deployed, on this machine. The local stack (the same data,
 * accounts and mailbox as `npm start`), the production build, the site publisher on the table's
 * stream and a server that serves the publisher's current release as CloudFront does, with `/api`
 * to the local gateway. A staff change in the console is published within seconds. Ctrl-C stops
 * everything this started. `npm start` is the fast development loop (Vite, pages rendered by the
 * browser); this is where published pages are seen.
 */
import path from 'node:path';
import { acquireRunLock } from './local/run-lock.ts';
import { startProductionSite, type ProductionSite } from './local/production-site.ts';
import { repoRoot, startLocalStack } from './local/stack.ts';

const startedAt = Date.now();
const port = Number(process.env.PORT ?? 4173);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}
const siteUrl = `http://localhost:${port}`;
const dataDir = process.env.STUDIO_DATA_DIR ? path.resolve(process.env.STUDIO_DATA_DIR) : path.join(repoRoot, '.local');

const attempt = await acquireRunLock(dataDir, siteUrl);
if (!attempt.acquired) {
  console.error(
    `The studio is already running at ${attempt.holder.url} (process ${attempt.holder.pid}).\n` +
      `Stop it first (Ctrl-C in its terminal, or \`kill ${attempt.holder.pid}\`): both use the data in ${path.relative(repoRoot, dataDir) || '.'}.`,
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

console.log('Building the site and publishing it...');
let site: ProductionSite;
try {
  site = await startProductionSite({ stack, port, siteUrl, dataDir });
} catch (error) {
  await stack.stop();
  await lock.release();
  console.error(`\nCould not build, publish or serve the site on port ${port}:`);
  console.error(error instanceof Error ? error.message : String(error));
  console.error('Another port: `PORT=4180 npm run preview`.');
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
  Retouch Studio, production build with published pages (ready in ${seconds} s).

  Site:     ${siteUrl}   (pages as published: changes made in the console show within seconds)
  Mailbox:  ${siteUrl}/_dev/mailbox
  API:      ${siteUrl}/api/services

  Demo accounts (also in .local/demo-accounts.json):
${stack.accounts.map((a) => `    ${a.role.padEnd(12)} ${a.email.padEnd(width)}  ${a.password}`).join('\n')}

  Data persists in .local/, shared with \`npm start\`. Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await site.close().catch(() => undefined);
  await stack.stop().catch(() => undefined);
  await lock.release();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
