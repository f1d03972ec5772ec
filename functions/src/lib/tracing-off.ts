import type { MiddlewareObj } from '@middy/core';

/*
 * No tracing: what `#tracing` is outside the functions' bundles (the local stack, the tests, the
 * scripts). Powertools' Tracer traces nothing outside Lambda anyway, but merely loading it loads
 * the X-Ray SDK, whose context tracking (cls-hooked) hooks every promise the process makes from
 * then on: a tenth more CPU for each request the local stack answers (1,600 requests to four
 * routes: 3.9 s against 4.3 s, three runs each), in every process that runs the handlers (`npm
 * start`, the test suites' stacks). The bundles load tracing-xray.ts instead (the `lambda`
 * condition of functions/package.json's `imports`, set by infra/lib/bundle-settings.ts), and
 * infra/test/stacks.test.ts checks that each function's cold start loads the X-Ray SDK.
 */

/** The client as it is. */
export function traced<T>(client: T): T {
  return client;
}

/** Nothing to add to the API chain. */
export function tracingMiddleware(): MiddlewareObj[] {
  return [];
}
