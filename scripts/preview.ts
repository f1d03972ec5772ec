/**
 * `npm run preview`: the site as it is deployed, on this machine. The local stack (the same data,
 * accounts and mailbox as `npm start`), the production build, the site publisher on the table's
 * stream and a server that serves the publisher's current release as CloudFront does, with `/api`
 * to the local gateway. A staff change in the console is published within seconds. Ctrl-C stops
 * everything this started. `npm start` is the fast development loop (Vite, pages rendered by the
 * browser); this is where published pages are seen.
 */
import { startProductionSite, type ProductionSite } from './local/production-site.ts';
import {
  accountLines,
  dataDirFromEnv,
  describeRunning,
  portFromEnv,
  startLockedStack,
  stopOnSignal,
} from './local/run-session.ts';

const startedAt = Date.now();
const port = portFromEnv(4173);
const siteUrl = `http://localhost:${port}`;
const dataDir = dataDirFromEnv();
const { lock, stack } = await startLockedStack({ siteUrl, dataDir, busyHint: 'Stop it first' });

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

await describeRunning(lock, stack);
const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
console.log(`
  Retouch Studio, production build with published pages (ready in ${seconds} s).

  Site:     ${siteUrl}   (pages as published: changes made in the console show within seconds)
  API:      ${siteUrl}/api/services
  E-mails:  .local/mailbox/ (one JSON file each; \`npm start\` shows them as a page): like CloudFront,
            this server has no /_dev

  Demo accounts (also in .local/demo-accounts.json):
${accountLines(stack.accounts)}

  Data persists in .local/, shared with \`npm start\`. Press Ctrl-C to stop.
`);

stopOnSignal(() => site.close(), stack, lock);
