import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { serviceName } from './service-name.ts';

/*
 * X-Ray traces through Powertools' Tracer: what the functions' bundles load (`#tracing` with the
 * `lambda` condition, infra/lib/bundle-settings.ts). Everywhere else `#tracing` is tracing-off.ts:
 * see there why.
 */

const tracer = new Tracer({ serviceName });

/** An AWS SDK client whose calls are traced as subsegments. */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/** The API chain's segment per invocation (the response body is not recorded). */
export function tracingMiddleware(): MiddlewareObj[] {
  return [captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj];
}
