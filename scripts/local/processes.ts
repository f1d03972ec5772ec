import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until `check` passes, or fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Child {
  name: string;
  process: ChildProcess;
  /** Last lines of output, shown if the process dies early. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The children running now, one set per process, kept on `globalThis` with its exit hook: a test
 * worker loads this module afresh for each file (scripts/test-setup/fresh-modules.ts), and each
 * load must not add a hook of its own (Node warns from the eleventh).
 */
const registryKey = '__retouchStudioLocalChildren';
const registryHolder = globalThis as { [registryKey]?: Set<ChildProcess> };

function runningChildren(): Set<ChildProcess> {
  let running = registryHolder[registryKey];
  if (!running) {
    const children = new Set<ChildProcess>();
    process.on('exit', () => {
      for (const child of children) child.kill('SIGKILL');
    });
    running = registryHolder[registryKey] = children;
  }
  return running;
}

/** Spawns a child we own; every such child is killed when this process exits, however it exits. */
export function startChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const running = runningChildren();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => running.delete(child));
  return {
    name,
    process: child,
    output: () => lines.join('\n'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Waits until `ready` (a `waitFor`), failing fast with the child's own words when it exits first;
 * a child that did not become ready is stopped before the error is thrown (left running, it would
 * keep the process that started it from exiting).
 */
export async function untilReady(child: Child, ready: Promise<void>): Promise<void> {
  try {
    await Promise.race([ready, failOnEarlyExit(child)]);
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/** Fails fast with the child's own words when it exits before it is ready. */
export function failOnEarlyExit(child: Child): Promise<never> {
  return new Promise((_, reject) => {
    child.process.once('exit', (code, signal) => {
      reject(new Error(`${child.name} exited (${signal ?? code}) before it was ready:\n${child.output()}`));
    });
  });
}
