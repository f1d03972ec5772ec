/**
 * The local stand-in for the webhook delivery queue and its dead-letter queue (#36): a small HTTP
 * endpoint on 127.0.0.1 that speaks the SQS calls the functions make (SendMessage,
 * SendMessageBatch; the AWS JSON protocol of @aws-sdk/client-sqs), and, in-process, the event
 * source mapping that hands visible messages to the delivery worker's handler in the SQS event
 * shape, honouring `batchItemFailures` (a failed message comes back after the visibility timeout,
 * and goes to the dead-letter list after `maxReceiveCount` receives, as the redrive policy does).
 * `DelaySeconds` and visibility count on the local stack's clock (./clock.ts), so a test moves the
 * clock forward instead of waiting for a retry. Messages sent to the dead-letter queue's URL are
 * kept in a list and written to the dead-letter directory, one JSON file each.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { StackClock } from './clock.ts';

export type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface WebhookQueueOptions {
  clock: StackClock;
  region: string;
  handler: QueueHandler;
  deadLetterDir: string;
  /** Messages per invocation, as the mapping's `batchSize`. Default 10. */
  batchSize?: number;
  /** How long a message that failed stays hidden (the queue's visibility timeout). Default 60 s. */
  visibilityTimeoutMs?: number;
  /** Receives before a failing message goes to the dead-letter queue (the redrive policy). Default 5. */
  maxReceiveCount?: number;
  /** Pause between looks at an idle queue, in real time. Default 50 ms. */
  pollMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  /** Why: given up on by the worker (sent to the DLQ), or the receive limit. */
  source: 'sent' | 'redrive';
}

export interface WebhookQueue {
  url: string;
  queueUrl: string;
  deadLetterQueueUrl: string;
  /** Messages in the dead-letter queue, oldest first. */
  deadLetters(): DeadLetter[];
  /** Messages waiting (visible later, or now), not counting the one being handled. */
  pending(): number;
  /** Resolves once no message is visible at the clock's now and none is being handled. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface Message {
  messageId: string;
  body: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
}

const queueName = 'webhook-deliveries';
const deadLetterName = 'webhook-deliveries-dlq';
const account = '000000000000';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startWebhookQueue(options: WebhookQueueOptions): Promise<WebhookQueue> {
  const { clock } = options;
  const batchSize = options.batchSize ?? 10;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 60_000;
  const maxReceiveCount = options.maxReceiveCount ?? 5;
  const pollMs = options.pollMs ?? 50;
  const log = options.log ?? (() => undefined);
  const messages: Message[] = [];
  const deadLetters: DeadLetter[] = [];
  let busy = false;
  let stopped = false;

  async function keepDeadLetter(letter: DeadLetter): Promise<void> {
    deadLetters.push(letter);
    await mkdir(options.deadLetterDir, { recursive: true });
    await writeFile(
      path.join(options.deadLetterDir, `${clock.now()}-${letter.messageId}.json`),
      JSON.stringify(letter, null, 2) + '\n',
    );
  }

  function accept(queue: string, body: string, delaySeconds: number): string {
    const messageId = randomUUID();
    if (queue === deadLetterName) {
      void keepDeadLetter({ messageId, body, source: 'sent' });
      return messageId;
    }
    const now = clock.now();
    messages.push({ messageId, body, sentAt: now, visibleAt: now + delaySeconds * 1000, receiveCount: 0 });
    return messageId;
  }

  function queueOf(url: unknown): string | null {
    if (typeof url !== 'string') return null;
    const name = url.split('/').at(-1);
    return name === queueName || name === deadLetterName ? name : null;
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    const target = String(req.headers['x-amz-target'] ?? '');
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return send(400, { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'not JSON' });
    }
    const queue = queueOf(input.QueueUrl);
    if (!queue) return send(400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'no such queue' });
    if (target === 'AmazonSQS.SendMessage') {
      const body = String(input.MessageBody ?? '');
      const messageId = accept(queue, body, Number(input.DelaySeconds ?? 0));
      return send(200, { MessageId: messageId, MD5OfMessageBody: md5(body) });
    }
    if (target === 'AmazonSQS.SendMessageBatch') {
      const entries = (input.Entries ?? []) as { Id: string; MessageBody: string; DelaySeconds?: number }[];
      if (entries.length === 0 || entries.length > 10) {
        return send(400, { __type: 'com.amazonaws.sqs#TooManyEntriesInBatchRequest', message: ' 1 to 10 entries' });
      }
      return send(200, {
        Successful: entries.map((entry) => ({
          Id: entry.Id,
          MessageId: accept(queue, entry.MessageBody, Number(entry.DelaySeconds ?? 0)),
          MD5OfMessageBody: md5(entry.MessageBody),
        })),
        Failed: [],
      });
    }
    return send(400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `${target} is not served here` });
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'InternalError', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const arn = (name: string) => `arn:aws:sqs:${options.region}:${account}:${name}`;

  function record(message: Message): SQSRecord {
    return {
      messageId: message.messageId,
      receiptHandle: `${message.messageId}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: account,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
      },
      messageAttributes: {},
      md5OfBody: md5(message.body),
      eventSource: 'aws:sqs',
      eventSourceARN: arn(queueName),
      awsRegion: options.region,
    };
  }

  async function runOnce(): Promise<boolean> {
    const now = clock.now();
    const visible = messages
      .filter((message) => message.visibleAt <= now)
      .sort((a, b) => a.visibleAt - b.visibleAt)
      .slice(0, batchSize);
    if (visible.length === 0) return false;
    for (const message of visible) {
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      // Hidden while it is handled, as a received message is.
      message.visibleAt = now + visibilityTimeoutMs;
    }
    let failed: Set<string>;
    try {
      const result = await options.handler({ Records: visible.map(record) });
      failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      log('webhook queue: the worker failed the whole batch', { error: String(error) });
      failed = new Set(visible.map((message) => message.messageId));
    }
    for (const message of visible) {
      const index = messages.indexOf(message);
      if (!failed.has(message.messageId)) {
        messages.splice(index, 1);
      } else if (message.receiveCount >= maxReceiveCount) {
        messages.splice(index, 1);
        await keepDeadLetter({ messageId: message.messageId, body: message.body, source: 'redrive' });
      } else {
        message.visibleAt = clock.now() + visibilityTimeoutMs;
      }
    }
    return true;
  }

  const loop = (async () => {
    while (!stopped) {
      busy = true;
      let worked = false;
      try {
        worked = await runOnce();
      } catch (error) {
        log('webhook queue: a run failed', { error: String(error) });
      }
      busy = false;
      if (!worked) await sleep(pollMs);
    }
  })();

  return {
    url,
    queueUrl: `${url}/${account}/${queueName}`,
    deadLetterQueueUrl: `${url}/${account}/${deadLetterName}`,
    deadLetters: () => [...deadLetters],
    pending: () => messages.length,
    idle: async () => {
      while (!stopped && (busy || messages.some((message) => message.visibleAt <= clock.now()))) await sleep(pollMs);
    },
    stop: async () => {
      stopped = true;
      await loop;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
