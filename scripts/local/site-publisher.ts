/**
 * The site publisher on this machine, as on AWS: the same function (functions/src/publisher),
 * fed by DynamoDB Local's stream through the local stand-in for its event source (the same
 * filter on public content, the same batching window), writing releases to the site bucket on the
 * S3 emulator, where the local site server reads the current one. Needs a build's renderer
 * (`npm run build`: web/dist-render). Publishes once as it starts, as a deployment does.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  publishBatchWindowSeconds,
  publishedContentStreamFilter,
  publisherEnvNames,
} from '@studio/shared/site-publishing';
import type { FilterPattern } from './event-filter.ts';
import { localCredentials, localNames, localRegion } from './provision.ts';
import { startStreamConsumer, type StreamHandler } from './stream-consumer.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface SitePublisherOptions {
  dynamoEndpoint: string;
  /** The renderer and its template (`npm run build`'s web/dist-render, or a test's build). */
  rendererDir: string;
  /** Public origin of the site, for canonical, Open Graph and sitemap URLs. */
  siteUrl: string;
  /** The bucket on the S3 emulator; the stack's site bucket unless given. */
  siteBucket?: string;
  /** Failed batches, as the SQS dead-letter queue holds them on AWS. */
  deadLetterDir: string;
  /** Retries of a failing batch; as on AWS unless given. */
  retryAttempts?: number;
  /** Publish once and stop there, reading no stream (a test that needs one release). Default true. */
  listen?: boolean;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

export interface SitePublisher {
  /** Publishes the site now, outside the stream (as the deployment's trigger does on AWS). */
  publishNow(): Promise<{ release: string | undefined; changedPaths: string[]; renderMs: number; writeMs: number }>;
  stop(): Promise<void>;
}

/**
 * Starts the publisher in this process. The handlers' environment (table, endpoints) must be set
 * already, as the local stack sets it; this adds the publisher's own.
 */
export async function startSitePublisher(options: SitePublisherOptions): Promise<SitePublisher> {
  Object.assign(process.env, {
    [publisherEnvNames.siteBucket]: options.siteBucket ?? localNames.siteBucket,
    [publisherEnvNames.siteUrl]: options.siteUrl,
    [publisherEnvNames.rendererDir]: options.rendererDir,
  });
  const publisherDir = path.join(repoRoot, 'functions', 'src', 'publisher');
  const { handler } = (await import(pathToFileURL(path.join(publisherDir, 'handler.ts')).href)) as {
    handler: StreamHandler;
  };
  const { publishSite } = (await import(pathToFileURL(path.join(publisherDir, 'publish-site.ts')).href)) as {
    publishSite: (log: unknown) => ReturnType<SitePublisher['publishNow']>;
  };
  const { invocationLogger } = (await import(
    pathToFileURL(path.join(repoRoot, 'functions', 'src', 'lib', 'observability.ts')).href
  )) as { invocationLogger: (keys: Record<string, string>) => unknown };
  // One publication at a time, as the function's reserved concurrency of 1 makes it on AWS.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const publishNow = () => serially(() => publishSite(invocationLogger({ consumer: 'publisher', trigger: 'start' })));
  if (options.listen === false) {
    await publishNow();
    return { publishNow, stop: async () => undefined };
  }
  // Reading from the stream's end, then publishing everything once: no change is missed (one
  // written meanwhile publishes again), and a stream holding the history of a long session is
  // not replayed.
  const consumer = await startStreamConsumer({
    name: 'publisher',
    dynamoEndpoint: options.dynamoEndpoint,
    region: localRegion,
    credentials: localCredentials,
    tableName: localNames.table,
    filters: [publishedContentStreamFilter as unknown as FilterPattern],
    handler: (event) => serially(() => handler(event)),
    startingPosition: 'LATEST',
    batchSize: 1000,
    batchWindowMs: publishBatchWindowSeconds * 1000,
    pollMs: 100,
    retryAttempts: options.retryAttempts ?? 5,
    deadLetterDir: options.deadLetterDir,
    log:
      options.log ?? ((message, fields) => console.error(JSON.stringify({ level: 'warn', msg: message, ...fields }))),
  });
  await publishNow();
  return { publishNow, stop: () => consumer.stop() };
}
