/**
 * The local stack imports its gateway first and sets the handlers' environment after, among it
 * the suites' time budgets (SDK_TIMEOUT_SCALE). The AWS clients take their budget when their
 * module loads, so the gateway must not load a client with itself: when it did (its authorizer
 * reads the table), every handler of the test stacks kept production's 1 s budget for DynamoDB,
 * and a loaded machine's emulator answered orders with 503s. The function's own time limit that
 * the gateway gives each handler grows by the same scale, or one slow call spends it all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handlerTuningEnvNames } from '@studio/shared/platform';

afterEach(() => {
  delete process.env[handlerTuningEnvNames.sdkTimeoutScale];
});

describe('the local gateway', () => {
  it('loads no table client before the stack sets the time budgets', async () => {
    await import('../local/gateway.ts');
    process.env[handlerTuningEnvNames.sdkTimeoutScale] = '10';
    const { documentClient } = await import('../../functions/src/lib/dynamo.ts');
    const { dynamoBudget } = await import('../../functions/src/lib/sdk-options.ts');
    const handler = documentClient.config.requestHandler as unknown as {
      configProvider: Promise<{ requestTimeout?: number }>;
    };
    expect((await handler.configProvider).requestTimeout).toBe(10 * dynamoBudget.requestTimeoutMs);
  });

  it("gives each handler the function's 10 s times the same scale", async () => {
    const { lambdaContext } = await import('../local/gateway.ts');
    expect(lambdaContext('a', 'jobs').getRemainingTimeInMillis()).toBeLessThanOrEqual(10_000);
    process.env[handlerTuningEnvNames.sdkTimeoutScale] = '10';
    expect(lambdaContext('b', 'jobs').getRemainingTimeInMillis()).toBeGreaterThan(99_000);
  });
});
