import { AsyncLocalStorage } from 'node:async_hooks';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { HttpHandlerOptions } from '@smithy/types';
import { handlerTuningEnvNames } from '@studio/shared/platform';

/*
 * Time budgets of the AWS SDK clients. Without them a request to a frozen dependency waits for
 * the SDK's defaults (no request timeout, a socket timeout of minutes) and the function runs into
 * API Gateway's 30 s limit; with them a request fails fast, is retried a bounded number of times,
 * and the error middleware answers 503 with Retry-After (lib/dynamo-errors.ts `isUnavailable`).
 *
 * `requestTimeout` bounds one attempt from sending to the whole answer (`throwOnRequestTimeout`
 * makes it an error rather than a warning); `connectionTimeout` bounds the TCP connect. Retries
 * follow the SDK's standard mode: exponential backoff with jitter between attempts, longer after a
 * throttling answer (429, ThrottlingException...), and a per-client retry quota that stops retrying
 * when most calls fail. The worst case of a call is about
 * `maxAttempts x (connectionTimeout + requestTimeout)` plus that backoff.
 */

export interface CallBudget {
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  /** Attempts in all, the first included (the SDK retries timeouts, resets and throttling). */
  maxAttempts: number;
}

/**
 * DynamoDB answers in milliseconds; a second is far beyond its normal latency, even for a
 * transaction of 100 items. Two attempts: a frozen table costs a request about 2 s.
 */
export const dynamoBudget: CallBudget = {
  connectionTimeoutMs: 500,
  requestTimeoutMs: 1000,
  maxAttempts: 2,
};

/** Cognito's account operations take a few hundred milliseconds. */
export const cognitoBudget: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 3000, maxAttempts: 2 };

/** S3 copies and writes catalogue images of up to 20 MB and their variants. */
export const s3Budget: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 10_000, maxAttempts: 2 };

/**
 * The files worker's S3 calls (#15): parts of an archive (16 MiB, four in flight) and whole photos
 * read into it. No API Gateway limit waits on the worker (its own timeout is minutes), so an
 * attempt may take longer than a request's, and one more is allowed before the run fails.
 */
export const filesWorkerS3Budget: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 60_000, maxAttempts: 3 };

/** Lambda answers an asynchronous Invoke (the files worker's start, #15) as soon as it is queued. */
export const lambdaBudget: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 3000, maxAttempts: 2 };

/** Secrets Manager reads a secret (the Stripe keys, #16) in milliseconds. */
export const secretsBudget: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 3000, maxAttempts: 2 };

const longerAttempts = new AsyncLocalStorage<number>();

/**
 * Runs `work` with a longer per-attempt timeout for every SDK call it makes. For batch scripts
 * only (the local seed, writing a whole catalogue into a freshly started emulator whose first
 * answers can take seconds); request handlers always run with their client's budget.
 */
export function withLongerAttempts<T>(requestTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  return longerAttempts.run(requestTimeoutMs, work);
}

/** The SDK's own Node.js handler, with the per-attempt timeout of `withLongerAttempts` when set. */
class BudgetedHttpHandler extends NodeHttpHandler {
  override handle(...[request, options]: Parameters<NodeHttpHandler['handle']>) {
    const longer = longerAttempts.getStore();
    const effective: HttpHandlerOptions = longer ? { ...options, requestTimeout: longer } : (options ?? {});
    return super.handle(request, effective);
  }
}

/**
 * Connections a client may hold open to one service at once. The SDK's default pool is 50, and
 * its per-attempt timeout runs while a call waits for a free connection: where many requests share
 * one process (the local stack serves every request in one; 100 orders at once reach Cognito
 * together), the 51st call spent its budget queued and failed as if the service were down. On
 * Lambda a container serves one request at a time and opens a few connections at most.
 */
const connectionsPerService = 512;

/**
 * The factor the local test stacks scale every time limit by (the clients' budgets here, the local
 * gateway's function timeout). Unset in AWS (1); see `handlerTuningEnvNames.sdkTimeoutScale`.
 */
export function timeoutScale(): number {
  const scale = Number(process.env[handlerTuningEnvNames.sdkTimeoutScale]);
  return Number.isInteger(scale) && scale > 0 ? scale : 1;
}

/** The constructor options of an SDK client that spends at most `budget` per call. */
export function clientOptions(budget: CallBudget) {
  const pool = { keepAlive: true, maxSockets: connectionsPerService };
  const scale = timeoutScale();
  return {
    maxAttempts: budget.maxAttempts,
    retryMode: 'standard',
    requestHandler: new BudgetedHttpHandler({
      connectionTimeout: budget.connectionTimeoutMs * scale,
      requestTimeout: budget.requestTimeoutMs * scale,
      throwOnRequestTimeout: true,
      httpAgent: pool,
      httpsAgent: pool,
    }),
  };
}
