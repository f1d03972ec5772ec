/**
 * The local stand-in for a Lambda event source mapping on a DynamoDB stream: reads DynamoDB
 * Local's stream, keeps the records that pass the consumer's filter, invokes the handler with the
 * event shape Lambda sends, honours `batchItemFailures` (the batch is retried from the first
 * failed record), retries with exponential backoff, and after the last retry records the batch in
 * a dead-letter directory, as the on-failure destination would, and moves on. One per consumer
 * (the notifier; the site publisher), each with its own filter, batching window and settings.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { passesFilters, type FilterPattern } from './event-filter.ts';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamConsumerOptions {
  /** Names the consumer in logs and its dead-letter directory. */
  name: string;
  dynamoEndpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  /** Lambda filter patterns (`FilterCriteria`); a record passes when any matches. */
  filters: readonly FilterPattern[];
  handler: StreamHandler;
  /** Records per invocation, as the mapping's `batchSize`. Default 10. */
  batchSize?: number;
  /** Retries of a failing batch before it goes to the dead-letter directory. Default 5. */
  retryAttempts?: number;
  /** Backoff before retry n: `baseMs * 2^(n-1)`, at most `maxMs`. Default 500 ms .. 10 s. */
  backoff?: { baseMs: number; maxMs: number };
  /** Pause between reads of an idle shard. Default 200 ms. */
  pollMs?: number;
  /**
   * Reads that find nothing double the pause, up to this (default 1 s); a read that finds records
   * goes back to `pollMs`. An idle stack of three consumers read every 200 ms cost about a fifth
   * of a core in the AWS SDK alone: the suites keep a stack idle for minutes at a time.
   */
  idlePollMs?: number;
  /**
   * Where a new mapping starts reading, as the mapping's `startingPosition`: the oldest record
   * kept (default) or the records written after it starts.
   */
  startingPosition?: 'TRIM_HORIZON' | 'LATEST';
  /**
   * How long a batch gathers records after its first one, as the mapping's
   * `maximumBatchingWindow`. Default 0: a batch is what one read returns.
   */
  batchWindowMs?: number;
  /** Where batches given up on are written, one JSON file each. */
  deadLetterDir: string;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

export interface StreamConsumer {
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stream record as Lambda hands it to the function. */
function lambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const data = record.dynamodb ?? {};
  const created = data.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? region,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: data.Keys as never,
      ...(data.NewImage ? { NewImage: data.NewImage as never } : {}),
      ...(data.OldImage ? { OldImage: data.OldImage as never } : {}),
      SequenceNumber: data.SequenceNumber,
      SizeBytes: data.SizeBytes,
      StreamViewType: data.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
    eventSourceARN: streamArn,
  };
}

interface ShardState {
  iterator: string | undefined;
  done: boolean;
}

export async function startStreamConsumer(options: StreamConsumerOptions): Promise<StreamConsumer> {
  const clientConfig = { endpoint: options.dynamoEndpoint, region: options.region, credentials: options.credentials };
  const dynamo = new DynamoDBClient(clientConfig);
  const streams = new DynamoDBStreamsClient(clientConfig);
  const batchSize = options.batchSize ?? 10;
  const retryAttempts = options.retryAttempts ?? 5;
  const backoff = options.backoff ?? { baseMs: 500, maxMs: 10_000 };
  const pollMs = options.pollMs ?? 200;
  const idlePollMs = Math.max(pollMs, options.idlePollMs ?? 1_000);
  // The shards are listed again this often, and at once when one ends (its successor is new).
  const listShardsEveryMs = 5_000;
  let listedAt = 0;
  const batchWindowMs = options.batchWindowMs ?? 0;
  const log = options.log ?? (() => undefined);

  async function currentStreamArn(): Promise<string> {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
    const arn = table.Table?.LatestStreamArn;
    if (!arn) throw new Error(`Table ${options.tableName} has no stream; enable StreamSpecification.`);
    return arn;
  }

  let streamArn = await currentStreamArn();
  const shards = new Map<string, ShardState>();
  let stopped = false;

  /**
   * After a failed read: a DynamoDB Local that died and was restarted in memory has a new table,
   * so a new stream. Follow it from its start (what the old stream held is gone with the process).
   */
  async function followNewStream(): Promise<void> {
    const arn = await currentStreamArn();
    if (arn === streamArn) return;
    log(`${options.name}: the table's stream changed; reading the new one`, { streamArn: arn });
    streamArn = arn;
    shards.clear();
  }

  async function listShards(): Promise<Shard[]> {
    const all: Shard[] = [];
    let start: string | undefined;
    do {
      const page = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      all.push(...(page.StreamDescription?.Shards ?? []));
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return all;
  }

  /**
   * New shards start at their oldest record, once their parent is read to its end; with
   * `startingPosition: 'LATEST'`, the shards there are at the start begin after their newest.
   */
  async function discover(position: 'TRIM_HORIZON' | 'LATEST' = 'TRIM_HORIZON'): Promise<void> {
    for (const shard of await listShards()) {
      const id = shard.ShardId!;
      if (shards.has(id)) continue;
      const parent = shard.ParentShardId ? shards.get(shard.ParentShardId) : undefined;
      if (parent && !parent.done) continue;
      const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
      const type = position === 'LATEST' && open ? 'LATEST' : 'TRIM_HORIZON';
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: type }),
      );
      shards.set(id, { iterator: ShardIterator, done: !ShardIterator });
    }
  }

  async function deadLetter(shardId: string, records: DynamoDBRecord[], reason: string): Promise<void> {
    await mkdir(options.deadLetterDir, { recursive: true });
    const first = records[0]?.dynamodb?.SequenceNumber;
    const last = records.at(-1)?.dynamodb?.SequenceNumber;
    const file = path.join(options.deadLetterDir, `${Date.now()}-${shardId.slice(-12)}-${first}.json`);
    // The shape of Lambda's on-failure record for stream sources, plus the records themselves.
    const body = {
      requestContext: { condition: 'RetryAttemptsExhausted', functionArn: `local:${options.name}` },
      responseContext: { reason },
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: first,
        endSequenceNumber: last,
        batchSize: records.length,
        streamArn,
      },
      records,
    };
    await writeFile(file, JSON.stringify(body, null, 2) + '\n');
    log(`${options.name}: batch sent to the dead-letter directory`, { shardId, first, last, reason });
  }

  /** Invokes the handler until every record of the batch succeeded or the retries are spent. */
  async function invoke(shardId: string, records: DynamoDBRecord[]): Promise<void> {
    let remaining = records;
    for (let attempt = 0; ; attempt++) {
      let failedFrom: number;
      let reason: string;
      try {
        const result = await options.handler({ Records: remaining });
        const failures = result?.batchItemFailures ?? [];
        if (failures.length === 0) return;
        // Like Lambda: retry from the lowest failed sequence number; an unknown one fails the batch.
        const indexes = failures.map((f) =>
          remaining.findIndex((r) => r.dynamodb?.SequenceNumber === f.itemIdentifier),
        );
        failedFrom = indexes.some((i) => i < 0) ? 0 : Math.min(...indexes);
        reason = 'batch item failure';
      } catch (error) {
        failedFrom = 0;
        reason = error instanceof Error ? error.message : String(error);
      }
      remaining = remaining.slice(failedFrom);
      if (attempt >= retryAttempts) return deadLetter(shardId, remaining, reason);
      await sleep(Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt));
      if (stopped) return;
    }
  }

  /** Reads the shard's next records; the ones that pass the filters, or none. */
  async function readRecords(state: ShardState, limit: number): Promise<{ read: number; passed: DynamoDBRecord[] }> {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: limit }));
    state.iterator = page.NextShardIterator;
    const passed = (page.Records ?? [])
      .map((record) => lambdaRecord(record, streamArn, options.region))
      .filter((record) => passesFilters(options.filters, record));
    return { read: (page.Records ?? []).length, passed };
  }

  async function readShard(shardId: string, state: ShardState): Promise<boolean> {
    if (!state.iterator) return false;
    const { read, passed: records } = await readRecords(state, batchSize);
    // Like the mapping's `maximumBatchingWindow`: once a record has passed the filters, keep
    // gathering until the window closes or the batch is full, so a burst is one invocation.
    const windowEnds = Date.now() + batchWindowMs;
    while (records.length > 0 && records.length < batchSize && state.iterator && !stopped) {
      const wait = windowEnds - Date.now();
      if (wait <= 0) break;
      await sleep(Math.min(pollMs, wait));
      records.push(...(await readRecords(state, batchSize - records.length)).passed);
    }
    if (records.length > 0) await invoke(shardId, records);
    if (!state.iterator) {
      state.done = true;
      listedAt = 0;
    }
    return read > 0;
  }

  // From the newest record on: the shards there are now are read from their end before this returns.
  if (options.startingPosition === 'LATEST') await discover('LATEST');

  const loop = (async () => {
    let pause = pollMs;
    while (!stopped) {
      let busy = false;
      try {
        if (Date.now() - listedAt >= listShardsEveryMs) {
          await discover();
          listedAt = Date.now();
        }
        for (const [id, state] of shards) {
          if (stopped) break;
          if (!state.done) busy = (await readShard(id, state)) || busy;
        }
      } catch (error) {
        log(`${options.name}: stream read failed`, { error: String(error) });
        await followNewStream().catch(() => undefined);
        listedAt = 0;
      }
      if (busy) {
        pause = pollMs;
      } else {
        await sleep(pause);
        pause = Math.min(idlePollMs, pause * 2);
      }
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      await loop;
      dynamo.destroy();
      streams.destroy();
    },
  };
}
