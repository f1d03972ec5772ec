/**
 * What `npm start` and `npm run preview` share: the port and data folder they read from the
 * environment, one running copy per data folder (the run lock), the local stack started under it,
 * the demo accounts as the banner lists them, and a stop on Ctrl-C that closes what was started.
 */
import path from 'node:path';
import { acquireRunLock } from './run-lock.ts';
import { repoRoot, startLocalStack, type LocalStack } from './stack.ts';

type Lock = Extract<Awaited<ReturnType<typeof acquireRunLock>>, { acquired: true }>;

/** `PORT`, or `fallback`; anything that is not a port number stops the command with a message. */
export function portFromEnv(fallback: number): number {
  const port = Number(process.env.PORT ?? fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}".`);
    process.exit(1);
  }
  return port;
}

/** `.local/`, or `STUDIO_DATA_DIR` (the bench starts a throwaway copy beside a running one). */
export function dataDirFromEnv(): string {
  return process.env.STUDIO_DATA_DIR ? path.resolve(process.env.STUDIO_DATA_DIR) : path.join(repoRoot, '.local');
}

/**
 * Takes the data folder's run lock and starts the local stack with its data kept; stops the command
 * with a message when another copy runs on that folder (`busyHint` says what to do) or the stack
 * does not start.
 */
export async function startLockedStack({
  siteUrl,
  dataDir,
  busyHint,
}: {
  siteUrl: string;
  dataDir: string;
  busyHint: string;
}): Promise<{ lock: Lock; stack: LocalStack }> {
  const attempt = await acquireRunLock(dataDir, siteUrl);
  if (!attempt.acquired) {
    console.error(
      `The studio is already running at ${attempt.holder.url} (process ${attempt.holder.pid}).\n` +
        `${busyHint} (Ctrl-C in its terminal, or \`kill ${attempt.holder.pid}\`): both use the data in ${path.relative(repoRoot, dataDir) || '.'}.`,
    );
    process.exit(1);
  }
  console.log('Starting the local stack (DynamoDB Local, S3, Cognito, SES and payment emulators)...');
  try {
    const stack = await startLocalStack({
      dataDir,
      persist: true,
      siteOrigin: siteUrl,
      logLevel: (process.env.LOG_LEVEL as 'info' | undefined) ?? 'warn',
    });
    return { lock: attempt, stack };
  } catch (error) {
    await attempt.release();
    console.error(`\nCould not start the local stack:\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** Names the running stack in the lock file, for the tools that look for it (bench, create-admin). */
export function describeRunning(lock: Lock, stack: LocalStack): Promise<void> {
  return lock.describe({
    gatewayUrl: stack.gateway.url,
    cognitoEndpoint: stack.endpoints.cognito,
    childPids: stack.childPids,
  });
}

/** The banner's demo accounts: role, e-mail, password and the authenticator key where there is one. */
export function accountLines(accounts: LocalStack['accounts']): string {
  const width = Math.max(...accounts.map((a) => a.email.length));
  const lines = accounts.map(
    (a) =>
      `    ${a.role.padEnd(12)} ${a.email.padEnd(width)}  ${a.password}${a.totpSecret ? `  authenticator key ${a.totpSecret}` : ''}`,
  );
  const withCodes = accounts.filter((a) => a.totpSecret).map((a) => a.role);
  if (withCodes.length > 0)
    lines.push(
      `  ${withCodes.join(' and ')} sign in with a code as well: \`npm run totp -- <e-mail>\` prints the current one.`,
    );
  return lines.join('\n');
}

/** On Ctrl-C or SIGTERM: closes the server, stops the stack, releases the lock, once. */
export function stopOnSignal(closeServer: () => Promise<unknown>, stack: LocalStack, lock: Lock): void {
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await closeServer().catch(() => undefined);
    await stack.stop().catch(() => undefined);
    await lock.release();
    console.log('Stopped.');
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
