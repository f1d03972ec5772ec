/**
 * `npm start`: the whole product on this machine. Emulators, seeded data, the local gateway, the
 * Vite dev server for the site, which proxies /api and /media so the browser sees one origin, and
 * the developer mailbox on a port of its own (127.0.0.1 only, never on the site's origin). Ctrl-C
 * stops everything this started.
 */
import path from 'node:path';
import { createServer } from 'vite';
import { startMailboxServer } from './local/mailbox-server.ts';
import { localNames } from './local/provision.ts';
import {
  accountLines,
  dataDirFromEnv,
  describeRunning,
  portFromEnv,
  startLockedStack,
  stopOnSignal,
} from './local/run-session.ts';
import { repoRoot } from './local/stack.ts';

const startedAt = Date.now();
const port = portFromEnv(5173);
const siteUrl = `http://localhost:${port}`;
const dataDir = dataDirFromEnv();
const { lock, stack } = await startLockedStack({ siteUrl, dataDir, busyHint: 'Use that one, or stop it first' });

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

const mailbox = await startMailboxServer({ mailboxDir: stack.mailboxDir });

await describeRunning(lock, stack);
const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
console.log(`
  Retouch Studio is running (ready in ${seconds} s)${stack.seeded ? ', demo content seeded' : ''}.

  Site:     ${siteUrl}
  Mailbox:  ${mailbox.url}   (e-mails the product sends, also in .local/mailbox/)
  API:      ${siteUrl}/api/services

  Demo accounts (also in .local/demo-accounts.json):
${accountLines(stack.accounts)}

  Data persists in .local/ (npm run reset wipes and reseeds it). Press Ctrl-C to stop.
`);

stopOnSignal(() => Promise.all([vite.close(), mailbox.close()]), stack, lock);
