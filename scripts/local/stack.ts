/**
 * The embedded local AWS stack: DynamoDB Local, an S3 emulator, a Cognito emulator and an SES
 * emulator on 127.0.0.1, provisioned from the shared definitions, seeded once, with the local
 * gateway in front of the real handlers, the table's stream feeding the notifier (#18) as the event
 * source mapping does on AWS, a Lambda Invoke endpoint that runs the background workers (the files
 * worker, #15) in-process, and a Stripe emulator whose webhooks go to that gateway (#16). Used by
 * `npm start` (persistent) and by the tests (throwaway).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { notifierEnvNames, outboxStreamFilter } from '@studio/shared/notifications';
import {
  handlerEnvNames,
  handlerTuningEnvNames,
  operationsEnvNames,
  siteUrlEnvName,
  stripeEnvNames,
  tableDefinition,
} from '@studio/shared/platform';
import { figuresStreamFilters } from '@studio/shared/studio-overview';
import { webhookEnvNames, webhookStreamFilter } from '@studio/shared/webhooks';
import { createStackClock, type StackClock } from './clock.ts';
import { startCognito, startDynamo, startS3, startSes, type Emulator, type SesEmulator } from './emulators.ts';
import { startStripeEmulator, type StripeEmulator } from './stripe-emulator.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { startLambdaEndpoint, type LambdaEndpoint } from './lambda-endpoint.ts';
import { startSchedule } from './schedule.ts';
import { sweepUploads } from './sweep-uploads.ts';
import type { RateLimitOptions } from './rate-limit.ts';
import {
  localCredentials,
  localMailFrom,
  localNames,
  localRegion,
  provisionBuckets,
  provisionTable,
  provisionUserPool,
  s3Client,
  type UserPoolIds,
} from './provision.ts';
import { seedIfEmpty, type DemoAccount } from './seed.ts';
import { startStreamConsumer, type StreamConsumer, type StreamHandler } from './stream-consumer.ts';
import { startWebhookQueue, type QueueHandler, type WebhookQueue } from './webhook-queue.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface LocalStackOptions {
  /** Where data, mailbox and state live. */
  dataDir: string;
  /** Keep DynamoDB data on disk (npm start) or in memory (tests). */
  persist: boolean;
  /** Origin the browser uses, for the uploads bucket's CORS rule. */
  siteOrigin: string;
  /** Port of the local gateway; 0 picks a free one. */
  gatewayPort?: number;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** The gateway's limit on anonymous POSTs; the gateway's default (10 a minute) when absent. */
  rateLimit?: RateLimitOptions;
  /** Runs of the preview worker at once (#33); default 2. */
  previewConcurrency?: number;
  /** Multipart part size of the files worker's archives (the tests use S3's minimum, 5 MiB). */
  archivePartBytes?: number;
  /** How the notifier's stream is retried; defaults as on AWS, tests make them quick. */
  notifier?: NotifierOptions;
  /** How often the auto-approval sweep runs (#17; an hourly EventBridge rule on AWS); default 5 minutes. */
  autoApprovalEveryMs?: number;
  /** Seed the AVIF/WebP variants of the demo images (default true): a stack without a site needs none. */
  imageVariants?: boolean;
  /** The handlers' optional settings (production defaults when absent): tests shorten waits. */
  tuning?: Partial<Record<keyof typeof handlerTuningEnvNames, number>>;
}

export interface NotifierOptions {
  /** Retries of a failing batch before the dead-letter directory (the mapping's `retryAttempts`). */
  retryAttempts?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** Tries of one e-mail before it is marked not delivered (the notifier's `MAX_SEND_ATTEMPTS`). */
  maxSendAttempts?: number;
}

export interface LocalStack {
  gateway: Gateway;
  /** The local Lambda service: waits until its background runs are done (benches, tests). */
  lambda: LambdaEndpoint;
  /**
   * The time the gateway stamps on requests, which the handlers' limits and caches count with: a
   * test moves it forward instead of waiting (./clock.ts).
   */
  clock: StackClock;
  endpoints: { dynamo: string; s3: string; cognito: string; ses: string; lambda: string; stripe: string };
  /** The SES emulator, which a test may stop and start again. */
  ses: SesEmulator;
  /** Failed notifier batches, as the SQS dead-letter queue holds them on AWS. */
  deadLetterDir: string;
  /** The webhook delivery queue and its dead letters (#36), on the clock above. */
  webhookQueue: WebhookQueue;
  /** The Stripe emulator and its keys (new ones each start; its sessions live in memory). */
  stripe: { emulator: StripeEmulator; secretKey: string; webhookSecret: string };
  pool: UserPoolIds;
  accounts: DemoAccount[];
  seeded: boolean;
  mailboxDir: string;
  /** The origin header's value the handlers accept (the local gateway adds it to every request). */
  originSecret: string;
  /** PIDs of the child processes, for measuring memory. */
  childPids: number[];
  /** The DynamoDB Local process of the moment (it is started again if it dies), for fault tests. */
  dynamoPid(): number | undefined;
  /** How many times DynamoDB Local was started again after dying. */
  dynamoRestarts(): number;
  stop(): Promise<void>;
}

interface State {
  pool?: UserPoolIds;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true });
  const mailboxDir = path.join(dataDir, 'mailbox');
  const stateFile = path.join(dataDir, 'state.json');
  const started: Emulator[] = [];
  let lambda: LambdaEndpoint | undefined;
  const stopAll = async () => {
    // Background runs first: they still write to the emulators.
    await lambda?.close().catch(() => undefined);
    for (const emulator of started.reverse()) await emulator.stop().catch(() => undefined);
  };

  try {
    const stripeKeys = {
      secretKey: `sk_test_local${randomBytes(12).toString('hex')}`,
      webhookSecret: `whsec_local${randomBytes(16).toString('hex')}`,
    };
    const [dynamo, s3, cognito, ses, stripe] = await Promise.all([
      startDynamo(options.persist ? path.join(dataDir, 'dynamodb') : undefined, {
        // In memory the table is gone with the process: make it again (empty).
        afterRestart: async (endpoint) => void (await provisionTable(endpoint)),
      }).then((e) => (started.push(e), e)),
      startS3(path.join(dataDir, 's3')).then((e) => (started.push(e), e)),
      startCognito(path.join(dataDir, 'cognito'), mailboxDir).then((e) => (started.push(e), e)),
      startSes(mailboxDir).then((e) => (started.push(e), e)),
      startStripeEmulator(stripeKeys).then((e) => (started.push({ ...e, endpoint: e.url }), e)),
    ]);

    const state = await readState(stateFile);
    const [pool, addedIndexes] = await Promise.all([
      provisionUserPool(cognito.endpoint, state.pool),
      provisionTable(dynamo.endpoint),
      provisionBuckets(s3.endpoint, options.siteOrigin),
    ]);
    await writeFile(stateFile, JSON.stringify({ ...state, pool }, null, 2) + '\n');

    // There is no Lambda service here: this endpoint speaks its Invoke API and runs the function
    // in-process, so the handlers start background work with the same signed Invoke call as in AWS.
    lambda = await startLambdaEndpoint(repoRoot, {
      [localNames.filesWorker]: 'functions/src/workers/files-worker.ts',
      // As many runs at once as the function's reserved concurrency allows on AWS would be far more
      // than two cores make good use of: previews queue here, as asynchronous events do there.
      [localNames.previewWorker]: {
        module: 'functions/src/workers/preview-worker.ts',
        concurrency: options.previewConcurrency ?? 2,
      },
    });

    // A new value per start: the local stand-in for the CDN's origin secret (see gateway.ts).
    const originSecret = randomBytes(24).toString('base64url');
    // The handlers read these, exactly as they read the variables the CDK stack sets.
    Object.assign(process.env, {
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      // s3rver understands path-style URLs only (functions/src/lib/s3.ts).
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ENDPOINT_URL_LAMBDA: lambda.url,
      [handlerEnvNames.filesWorkerFunction]: localNames.filesWorker,
      [handlerEnvNames.previewWorkerFunction]: localNames.previewWorker,
      ...(options.archivePartBytes ? { ARCHIVE_PART_BYTES: String(options.archivePartBytes) } : {}),
      [handlerEnvNames.tableName]: localNames.table,
      [handlerEnvNames.mediaBucket]: localNames.mediaBucket,
      [handlerEnvNames.uploadsBucket]: localNames.uploadsBucket,
      [handlerEnvNames.applicationsBucket]: localNames.applicationsBucket,
      [handlerEnvNames.userPoolId]: pool.userPoolId,
      [handlerEnvNames.siteClientId]: pool.siteClientId,
      [handlerEnvNames.staffClientId]: pool.staffClientId,
      [handlerEnvNames.logLevel]: options.logLevel ?? 'info',
      [notifierEnvNames.mailFrom]: localMailFrom,
      [notifierEnvNames.maxSendAttempts]: String(options.notifier?.maxSendAttempts ?? 4),
      // Locally the value itself; deployed, the ARN of the secret in Secrets Manager.
      [operationsEnvNames.originSecret]: originSecret,
      // The payments function's Stripe SDK talks to the emulator; in AWS these come from Secrets Manager.
      [stripeEnvNames.secretKey]: stripeKeys.secretKey,
      [stripeEnvNames.webhookSecret]: stripeKeys.webhookSecret,
      [stripeEnvNames.apiUrl]: stripe.url,
      // Where Stripe sends clients back and e-mails link to (`notifierEnvNames.siteUrl` is the same).
      [siteUrlEnvName]: options.siteOrigin,
    });
    for (const [key, name] of Object.entries(handlerTuningEnvNames)) {
      const value = options.tuning?.[key as keyof typeof handlerTuningEnvNames];
      if (value === undefined) delete process.env[name];
      else process.env[name] = String(value);
    }

    const { seeded, accounts } = await seedIfEmpty({
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      cognitoEndpoint: cognito.endpoint,
      pool,
      accountsFile: path.join(dataDir, 'demo-accounts.json'),
      imageVariants: options.imageVariants ?? true,
    });

    // #33: a `.local/` from before images gets them (a no-op once done, or on fresh data).
    const migrationFile = path.join(repoRoot, 'functions', 'src', 'data', 'image-migration.ts');
    const migration = (await import(pathToFileURL(migrationFile).href)) as {
      runImageMigration: () => Promise<{ status: string; jobs: number }>;
    };
    const migrated = await migration.runImageMigration();
    if (migrated.jobs > 0) console.log(`Moved ${migrated.jobs} older job(s) to images and versions (#33).`);
    // A table kept from before the open-jobs index got it just now: its jobs get their keys, as the
    // one-off `npm run repair-open-jobs` gives them after the deployment that adds the index.
    if (addedIndexes.includes(tableDefinition.indexes[3].name)) {
      const repairFile = path.join(repoRoot, 'functions', 'src', 'data', 'job-open-index.ts');
      const { repairOpenJobsIndex } = (await import(pathToFileURL(repairFile).href)) as {
        repairOpenJobsIndex: () => Promise<{ checked: number; repaired: string[] }>;
      };
      const repair = await repairOpenJobsIndex();
      console.log(
        `Added the open-jobs index to the local table: ${repair.repaired.length} of ${repair.checked} jobs listed in it.`,
      );
    }

    // Jobs kept from before job search (#40) get their search items, once per table, as the
    // one-off `npm run repair-open-jobs` gives them after the deployment that adds them.
    const searchFile = path.join(repoRoot, 'functions', 'src', 'data', 'job-search.ts');
    const { repairJobSearchItemsOnce } = (await import(pathToFileURL(searchFile).href)) as {
      repairJobSearchItemsOnce: (options: { fresh?: boolean }) => Promise<{ checked: number; written: number } | null>;
    };
    const searchRepair = await repairJobSearchItemsOnce({ fresh: seeded });
    if (searchRepair && !seeded) {
      console.log(`Job search: wrote the search items of the ${searchRepair.checked} jobs kept in the local table.`);
    }

    // The overview's figures (#40 item 9) count the jobs, versions and files kept from before the
    // figures projector, once per table, as the one-off `npm run repair-open-jobs` does on AWS.
    const figuresFile = path.join(repoRoot, 'functions', 'src', 'data', 'overview-figures.ts');
    const { backfillFiguresOnce } = (await import(pathToFileURL(figuresFile).href)) as {
      backfillFiguresOnce: () => Promise<{ checked: number; applied: number } | null>;
    };
    const figuresBackfill = await backfillFiguresOnce();
    if (figuresBackfill && !seeded && figuresBackfill.applied > 0) {
      console.log(
        `Overview figures: counted the ${figuresBackfill.applied} jobs, versions and files kept in the local table.`,
      );
    }

    // Jobs kept from before what needs action (#40, item 9) get their markers, once per table, as
    // the one-off `npm run repair-open-jobs` gives them after the deployment that adds them.
    const needsFile = path.join(repoRoot, 'functions', 'src', 'data', 'job-needs.ts');
    const { repairNeedsMarkersOnce } = (await import(pathToFileURL(needsFile).href)) as {
      repairNeedsMarkersOnce: (options: { fresh?: boolean }) => Promise<{ checked: number; repaired: string[] } | null>;
    };
    const needsRepair = await repairNeedsMarkersOnce({ fresh: seeded });
    if (needsRepair && !seeded) {
      console.log(
        `What needs action: put right the markers of ${needsRepair.repaired.length} of the ${needsRepair.checked} jobs kept in the local table.`,
      );
    }

    // Jobs kept from before organisations (#35) go to their client's personal organisation, once per
    // table (the seed's jobs too), as the one-off `npm run repair-open-jobs` moves them on AWS.
    const organisationsFile = path.join(repoRoot, 'functions', 'src', 'data', 'organisation-migration.ts');
    const { migrateJobsToOrganisationsOnce } = (await import(pathToFileURL(organisationsFile).href)) as {
      migrateJobsToOrganisationsOnce: () => Promise<{ checked: number; moved: string[] } | null>;
    };
    const organisationMove = await migrateJobsToOrganisationsOnce();
    if (organisationMove && !seeded && organisationMove.moved.length > 0) {
      console.log(
        `Organisations: moved the ${organisationMove.moved.length} jobs kept in the local table to their clients' personal organisations.`,
      );
    }

    // s3rver has no lifecycle rules: the same expiry, once per start.
    const swept = await sweepUploads(s3Client(s3.endpoint), localNames.uploadsBucket);
    if (swept.deleted.length > 0) {
      console.log(
        `Expired ${swept.deleted.length} abandoned upload(s), archive(s) and rendered invoice(s) in the local uploads bucket.`,
      );
    }

    const clock = createStackClock();

    // Webhooks (#36): the delivery queue, here in-process, runs the delivery worker on the stack's
    // clock; the functions reach it through the SQS API, as they reach SQS on AWS.
    const workerFile = path.join(repoRoot, 'functions', 'src', 'webhooks', 'worker.ts');
    const webhookWorker = (await import(pathToFileURL(workerFile).href)) as { handler: QueueHandler };
    const webhookQueue = await startWebhookQueue({
      clock,
      region: localRegion,
      handler: webhookWorker.handler,
      deadLetterDir: path.join(dataDir, 'dead-letters', 'webhook-deliveries'),
      log: (message, fields) => console.error(JSON.stringify({ level: 'warn', msg: message, ...fields })),
    });
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SQS: webhookQueue.url,
      [webhookEnvNames.queueUrl]: webhookQueue.queueUrl,
      [webhookEnvNames.deadLetterQueueUrl]: webhookQueue.deadLetterQueueUrl,
      // Local receivers (the tests', a developer's) listen on loopback over http.
      [webhookEnvNames.allowLoopback]: 'true',
    });
    const gateway = await startGateway({
      clock,
      port: options.gatewayPort ?? 0,
      repoRoot,
      issuer: `${cognito.endpoint}/${pool.userPoolId}`,
      audiences: [pool.siteClientId, pool.staffClientId],
      rateLimit: options.rateLimit,
      originSecret,
    });
    stripe.setWebhookUrl(`${gateway.url}/api/payments/stripe-webhook`);

    // The notifier, fed by the table's stream with the filter and retries of its event source.
    const deadLetterDir = path.join(dataDir, 'dead-letters', 'notifier');
    const notifierFile = path.join(repoRoot, 'functions', 'src', 'notifier', 'handler.ts');
    const notifier = (await import(pathToFileURL(notifierFile).href)) as { handler: StreamHandler };
    const consumer: StreamConsumer = await startStreamConsumer({
      name: 'notifier',
      dynamoEndpoint: dynamo.endpoint,
      region: localRegion,
      credentials: localCredentials,
      tableName: localNames.table,
      filters: [outboxStreamFilter],
      handler: notifier.handler,
      retryAttempts: options.notifier?.retryAttempts ?? 5,
      backoff: options.notifier?.backoff,
      deadLetterDir,
      log: (message, fields) => console.error(JSON.stringify({ level: 'warn', msg: message, ...fields })),
    });

    // The figures projector (#40 item 9), fed by the same stream with its own filter and dead letters.
    const figuresDeadLetterDir = path.join(dataDir, 'dead-letters', 'figures-projector');
    const projectorFile = path.join(repoRoot, 'functions', 'src', 'figures', 'handler.ts');
    const projector = (await import(pathToFileURL(projectorFile).href)) as { handler: StreamHandler };
    const figures: StreamConsumer = await startStreamConsumer({
      name: 'figures-projector',
      dynamoEndpoint: dynamo.endpoint,
      region: localRegion,
      credentials: localCredentials,
      tableName: localNames.table,
      filters: figuresStreamFilters,
      handler: projector.handler,
      batchSize: 100,
      retryAttempts: options.notifier?.retryAttempts ?? 5,
      backoff: options.notifier?.backoff,
      deadLetterDir: figuresDeadLetterDir,
      log: (message, fields) => console.error(JSON.stringify({ level: 'warn', msg: message, ...fields })),
    });

    // The webhook dispatcher (#36), fed by the same stream with its own filter and dead letters.
    const dispatcherFile = path.join(repoRoot, 'functions', 'src', 'webhooks', 'dispatcher.ts');
    const dispatcher = (await import(pathToFileURL(dispatcherFile).href)) as { handler: StreamHandler };
    const webhooks: StreamConsumer = await startStreamConsumer({
      name: 'webhook-dispatcher',
      dynamoEndpoint: dynamo.endpoint,
      region: localRegion,
      credentials: localCredentials,
      tableName: localNames.table,
      filters: [webhookStreamFilter],
      handler: dispatcher.handler,
      retryAttempts: options.notifier?.retryAttempts ?? 5,
      backoff: options.notifier?.backoff,
      deadLetterDir: path.join(dataDir, 'dead-letters', 'webhook-dispatcher'),
      log: (message, fields) => console.error(JSON.stringify({ level: 'warn', msg: message, ...fields })),
    });

    // Auto-approval (#17): the scheduled function of the AWS stack, on a timer here.
    const autoApprovalFile = path.join(repoRoot, 'functions', 'src', 'workers', 'auto-approval.ts');
    const autoApproval = (await import(pathToFileURL(autoApprovalFile).href)) as { handler: () => Promise<unknown> };
    const schedule = startSchedule({
      name: 'auto-approval',
      everyMs: options.autoApprovalEveryMs ?? 5 * 60_000,
      run: autoApproval.handler,
      log: (message, fields) => console.error(JSON.stringify({ level: 'warn', msg: message, ...fields })),
    });

    return {
      gateway,
      lambda,
      clock,
      endpoints: {
        dynamo: dynamo.endpoint,
        s3: s3.endpoint,
        cognito: cognito.endpoint,
        ses: ses.endpoint,
        lambda: lambda.url,
        stripe: stripe.url,
      },
      ses,
      deadLetterDir,
      webhookQueue,
      stripe: { emulator: stripe, ...stripeKeys },
      pool,
      accounts,
      seeded,
      mailboxDir,
      originSecret,
      childPids: [dynamo.child().process.pid, cognito.child.process.pid, ses.child().process.pid].filter(
        (p): p is number => !!p,
      ),
      dynamoPid: () => dynamo.child().process.pid,
      dynamoRestarts: () => dynamo.restarts(),
      stop: async () => {
        await schedule.stop();
        await consumer.stop();
        await figures.stop();
        await webhooks.stop();
        await webhookQueue.stop();
        await gateway.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function readState(file: string): Promise<State> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as State;
  } catch {
    return {};
  }
}

/** Removes a data directory completely, or all of it but the entries named in `keep`. */
export async function wipe(dataDir: string, keep: string[] = []): Promise<void> {
  if (keep.length === 0) return rm(dataDir, { recursive: true, force: true });
  const entries = await readdir(dataDir).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => !keep.includes(entry))
      .map((entry) => rm(path.join(dataDir, entry), { recursive: true, force: true })),
  );
}
