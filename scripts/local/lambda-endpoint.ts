/**
 * The local stand-in for the Lambda service, for the one call the API makes to it: `Invoke` of a
 * background function (`POST /2015-03-31/functions/{name}/invocations`). The handlers call it
 * with the SDK's Lambda client (functions/src/lib/files-worker-client.ts), as they call Lambda,
 * with AWS_ENDPOINT_URL_LAMBDA pointing here. `InvocationType:
 * Event` answers 202 at once and runs the function's handler in this process afterwards, retried
 * twice on failure as Lambda retries asynchronous runs; `RequestResponse` runs it and answers its
 * result. Bound to 127.0.0.1 only.
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LambdaEndpoint {
  url: string;
  /** Resolves once no background run is under way (the bench waits for the previews with it). */
  idle(): Promise<void>;
  /** Waits for the runs under way (so a stack is not stopped under a worker), then closes. */
  close(): Promise<void>;
}

type Handler = (event: unknown) => Promise<unknown>;

/**
 * Function names the endpoint serves, and the module of each (exporting `handler`), or the module
 * and how many runs of it may go at once (the function's reserved concurrency on AWS: further
 * asynchronous events wait in its queue, as Lambda keeps them).
 */
export type LocalFunctions = Record<string, string | { module: string; concurrency: number }>;

const retries = 2;

export async function startLambdaEndpoint(repoRoot: string, functions: LocalFunctions): Promise<LambdaEndpoint> {
  const handlers = new Map<string, Promise<Handler>>();
  const moduleOf = (name: string) => {
    const entry = functions[name]!;
    return typeof entry === 'string' ? entry : entry.module;
  };
  const limits = new Map(
    Object.entries(functions).flatMap(([name, entry]) =>
      typeof entry === 'string' ? [] : [[name, { limit: entry.concurrency, active: 0, waiting: [] as (() => void)[] }]],
    ),
  );
  /** Waits for a free slot of a function with a concurrency limit; answers its release. */
  const slot = async (name: string): Promise<() => void> => {
    const limit = limits.get(name);
    if (!limit) return () => undefined;
    if (limit.active >= limit.limit) await new Promise<void>((resolve) => limit.waiting.push(resolve));
    limit.active++;
    return () => {
      limit.active--;
      limit.waiting.shift()?.();
    };
  };
  const load = (name: string) => {
    let handler = handlers.get(name);
    if (!handler) {
      const file = path.join(repoRoot, moduleOf(name));
      handler = import(pathToFileURL(file).href).then((mod: { handler: Handler }) => mod.handler);
      handlers.set(name, handler);
    }
    return handler;
  };
  const running = new Set<Promise<void>>();

  const runInBackground = (name: string, event: unknown) => {
    const run = (async () => {
      const release = await slot(name);
      try {
        for (let attempt = 0; attempt <= retries; attempt++) {
          try {
            await (
              await load(name)
            )(event);
            return;
          } catch (error) {
            console.error(
              JSON.stringify({ level: 'error', msg: 'local function failed', name, attempt, error: String(error) }),
            );
          }
        }
      } finally {
        release();
      }
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(
        new URL(req.url ?? '/', 'http://x').pathname,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (req.method !== 'POST' || !match) return send(404, { message: 'Only Invoke is served here.' });
      const name = decodeURIComponent(match[1]!);
      if (!(name in functions)) {
        return send(
          404,
          { Type: 'User', message: `Function not found: ${name}` },
          {
            'x-amzn-errortype': 'ResourceNotFoundException',
          },
        );
      }
      let event: unknown;
      try {
        event = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return send(
          400,
          { Type: 'User', message: 'Could not parse request body into json' },
          {
            'x-amzn-errortype': 'InvalidRequestContentException',
          },
        );
      }
      const type = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
      if (type === 'Event') {
        send(202, undefined);
        runInBackground(name, event);
        return;
      }
      try {
        const result = await (await load(name))(event);
        send(200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
      } catch (error) {
        send(
          200,
          { errorType: (error as Error).name ?? 'Error', errorMessage: String((error as Error).message ?? error) },
          { 'x-amz-function-error': 'Unhandled' },
        );
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    close: async () => {
      await Promise.allSettled([...running]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
