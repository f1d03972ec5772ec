/**
 * `npm run reset`: wipes .local/ and seeds it again, refusing while `npm start` runs. The rendered
 * demo images in .local/cache are kept: they are derived from files in the repository and keyed
 * by a hash of what made them, so they cannot be stale, and rendering them again takes ~20 s.
 */
import path from 'node:path';
import { currentHolder } from './local/run-lock.ts';
import { repoRoot, startLocalStack, wipe } from './local/stack.ts';

const dataDir = path.join(repoRoot, '.local');
const holder = await currentHolder(dataDir);
if (holder) {
  console.error(`The studio is running at ${holder.url} (process ${holder.pid}). Stop it first, then reset.`);
  process.exit(1);
}
await wipe(dataDir, ['cache']);
console.log('Wiped .local/ (but its cache of rendered images). Seeding demo content and accounts...');
const stack = await startLocalStack({
  dataDir,
  persist: true,
  siteOrigin: `http://localhost:${process.env.PORT ?? 5173}`,
  logLevel: 'warn',
});
await stack.stop();
console.log('Done. Demo accounts:');
for (const account of stack.accounts) console.log(`  ${account.role.padEnd(12)} ${account.email}  ${account.password}`);
