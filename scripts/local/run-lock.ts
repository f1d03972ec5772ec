import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface Holder {
  pid: number;
  url: string;
  /** Filled in once the stack is up, for tools such as the bench script. */
  gatewayUrl?: string;
  /** The Cognito emulator, for tools such as `npm run create-admin -- --local`. */
  cognitoEndpoint?: string;
  childPids?: number[];
}

export type RunLock =
  | { acquired: true; describe(extra: Partial<Holder>): Promise<void>; release(): Promise<void> }
  | { acquired: false; holder: Holder };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One `npm start` per data directory: a second one would fight over the DynamoDB files. The lock
 * file names the running process; a lock left by a process that died is taken over.
 */
export async function acquireRunLock(dataDir: string, url: string): Promise<RunLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'run.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, JSON.stringify({ pid: process.pid, url }), { flag: 'wx' });
      return {
        acquired: true,
        describe: (extra) => writeFile(file, JSON.stringify({ pid: process.pid, url, ...extra })),
        release: () => rm(file, { force: true }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: Holder | undefined;
      try {
        holder = JSON.parse(await readFile(file, 'utf8')) as Holder;
      } catch {
        holder = undefined;
      }
      if (holder && alive(holder.pid)) return { acquired: false, holder };
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the run lock ${file}`);
}

/** The running `npm start`, if any. */
export async function currentHolder(dataDir: string): Promise<Holder | null> {
  try {
    const holder = JSON.parse(await readFile(path.join(dataDir, 'run.lock'), 'utf8')) as Holder;
    return alive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}
