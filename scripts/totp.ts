/**
 * `npm run totp -- <email>`: the current two-step sign-in code of a demo staff account, as its
 * authenticator app would show it (the secret is in .local/demo-accounts.json, or in
 * $STUDIO_DATA_DIR). `npm run totp -- --secret <base32>` does the same for any secret, e.g. one a
 * staff member set up in the console of the running `npm start`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { totp, totpSecondsLeft } from './local/totp.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

async function secretOf(email: string): Promise<string> {
  const dataDir = process.env.STUDIO_DATA_DIR
    ? path.resolve(process.env.STUDIO_DATA_DIR)
    : path.join(repoRoot, '.local');
  const file = path.join(dataDir, 'demo-accounts.json');
  let accounts: { email: string; totpSecret?: string }[];
  try {
    accounts = JSON.parse(await readFile(file, 'utf8')) as typeof accounts;
  } catch {
    throw new Error(`No demo accounts in ${file}: run \`npm start\` once first.`);
  }
  const account = accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());
  if (!account) throw new Error(`${email} is not a demo account (${accounts.map((a) => a.email).join(', ')}).`);
  if (!account.totpSecret) {
    throw new Error(
      `${email} has no authenticator secret on file (its role does not need one, or run \`npm run reset\`).`,
    );
  }
  return account.totpSecret;
}

try {
  const secret = args[0] === '--secret' ? args[1] : args[0] ? await secretOf(args[0]) : undefined;
  if (!secret) {
    console.error('Usage: npm run totp -- <demo e-mail>   or   npm run totp -- --secret <base32 secret>');
    process.exit(1);
  }
  console.log(`${totp(secret)}   (valid ${totpSecondsLeft()} more seconds)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
