/**
 * The SDK clients' time budget, with the real DynamoDB client against a server that accepts
 * connections and never answers (a frozen process) and against a port nobody listens on (a dead
 * one): both fail within the budget with an error `isUnavailable` recognises, which the error
 * middleware answers with 503 and Retry-After. Request errors (a failed condition, a refused
 * transaction) are not "unavailable".
 */
import net from 'node:net';
import { GetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailable } from '../../src/lib/dynamo-errors.ts';
import { clientOptions, dynamoBudget } from '../../src/lib/sdk-options.ts';

let silent: net.Server;
let silentPort: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

function client(port: number) {
  return new DynamoDBClient({
    ...clientOptions(dynamoBudget),
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
}

async function failure(port: number) {
  const started = Date.now();
  const error = await client(port)
    .send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' }, SK: { S: 'b' } } }))
    .then(
      () => null,
      (e: unknown) => e,
    );
  return { error, ms: Date.now() - started };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const budgetMs = dynamoBudget.maxAttempts * (dynamoBudget.requestTimeoutMs + dynamoBudget.connectionTimeoutMs);

describe('DynamoDB client budget', () => {
  it('gives up on a server that never answers, and the error reads as unavailable', async () => {
    const { error, ms } = await failure(silentPort);
    expect(error).toBeInstanceOf(Error);
    // Without a request timeout the SDK would wait minutes for its socket timeout.
    expect((error as Error).name).toBe('TimeoutError');
    expect(isUnavailable(error)).toBe(true);
    console.log(`frozen table: failed after ${ms} ms (budget ${budgetMs} ms)`);
    // About budgetMs on an idle machine; the test's own limit leaves room for a loaded one.
  }, 30_000);

  it('gives up on a port nobody listens on, and the error reads as unavailable', async () => {
    const { error, ms } = await failure(await closedPort());
    expect(error).toBeInstanceOf(Error);
    expect(isUnavailable(error)).toBe(true);
    console.log(`dead table: failed after ${ms} ms with ${(error as { code?: string }).code}`);
  });
});

describe('isUnavailable', () => {
  it('reads throttling and 5xx answers as unavailable', () => {
    expect(isUnavailable(Object.assign(new Error('x'), { name: 'ProvisionedThroughputExceededException' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('x'), { name: 'Weird', $metadata: { httpStatusCode: 503 } }))).toBe(
      true,
    );
  });

  it('does not read request errors as unavailable', () => {
    for (const name of ['ConditionalCheckFailedException', 'TransactionCanceledException', 'ValidationException']) {
      expect(isUnavailable(Object.assign(new Error('x'), { name, $metadata: { httpStatusCode: 400 } })), name).toBe(
        false,
      );
    }
    expect(isUnavailable(new Error('plain'))).toBe(false);
    expect(isUnavailable('text')).toBe(false);
  });
});
