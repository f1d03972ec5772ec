import { Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes } from '@aws-lambda-powertools/logger/types';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { handlerEnvNames, operationsEnvNames } from '@studio/shared/platform';
import { serviceName } from './service-name.ts';

/*
 * Logs, metrics and traces with Powertools for AWS Lambda, set up once per container here and
 * wired into the API's middleware chain in one place (http.ts); the stream consumers and workers
 * take an invocation logger from here too.
 *
 * Logs: one JSON object per line (Logs Insights parses them), at LOG_LEVEL. Every invocation gets
 * a logger of its own (`invocationLogger`), a child of the container's, so the keys of one request
 * never show in another's lines, even where invocations overlap in one process (the local stack
 * runs every handler in one; Lambda may too). Its keys: `requestId` (API Gateway's, quoted in error
 * answers), `function_request_id` (Lambda's), `cold_start`, `group`, `route`, and `userId` once the
 * token is read; Powertools adds `xray_trace_id` where tracing is on. Sampling: each invocation is
 * logged at DEBUG with the probability POWERTOOLS_LOGGER_SAMPLE_RATE gives (the CDK stack sets it),
 * whatever LOG_LEVEL says.
 *
 * Metrics: CloudWatch's embedded metric format, only where METRICS_NAMESPACE is set (the CDK stack);
 * locally no metric is written and nothing of it is printed.
 *
 * Traces: X-Ray, through the SDK clients (`traced`) and the API chain (`tracingMiddleware`), in the
 * functions' bundles only (`#tracing`: tracing-xray.ts there, tracing-off.ts everywhere else).
 */

function logLevel(): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' {
  const value = (process.env[handlerEnvNames.logLevel] ?? 'info').toUpperCase();
  return value === 'DEBUG' || value === 'WARN' || value === 'ERROR' ? value : 'INFO';
}

function sampleRate(): number {
  const value = Number(process.env.POWERTOOLS_LOGGER_SAMPLE_RATE ?? 0);
  return value >= 0 && value <= 1 ? value : 0;
}

/**
 * The container's logger, for the few lines written outside an invocation. It never samples
 * itself (a sampled container would log at DEBUG for its whole life): its children do, one
 * decision per invocation.
 */
const containerLogger = new Logger({ serviceName, logLevel: logLevel(), sampleRateValue: 0 });

export type { Logger };

/** True until the container's first invocation has started. */
let coldStart = true;

/**
 * A logger for one invocation, carrying `keys` on every line, with its own sampling decision.
 * Call it once per invocation, first thing: the first call of a container is its cold start.
 */
export function invocationLogger(keys: LogAttributes, context?: Pick<Context, 'awsRequestId'>): Logger {
  const wasCold = coldStart;
  coldStart = false;
  return containerLogger.createChild({
    sampleRateValue: sampleRate(),
    persistentKeys: {
      ...(context?.awsRequestId ? { function_request_id: context.awsRequestId } : {}),
      cold_start: wasCold,
      ...keys,
    },
  });
}

/** Whether the next `invocationLogger` call is the container's first. */
export function isColdStart(): boolean {
  return coldStart;
}

/** `traced(client)`: an AWS SDK client whose calls are traced as subsegments (as it is, where tracing is off). */
export { traced, tracingMiddleware } from '#tracing';

let metrics: Metrics | null | undefined;

/**
 * The API's request metrics, or null where no namespace is set (locally). Metric names and the
 * `service` dimension are what the dashboard reads (infra operations-monitoring.ts).
 */
export function requestMetrics(): Metrics | null {
  if (metrics === undefined) {
    const namespace = process.env[operationsEnvNames.metricsNamespace] || undefined;
    metrics = namespace ? new Metrics({ namespace, serviceName: 'api' }) : null;
  }
  return metrics;
}

export { MetricUnit };

let workerMetrics: Metrics | null | undefined;

/**
 * One count of a background worker's event (#33: `ArchiveVolumesFailed`), with the dimension
 * `service=worker`, written at once (a worker has no request end to flush at): the alarm on a
 * failed "Download all" volume watches it (infra/lib/image-workers.ts). Nothing locally.
 */
export function countWorkerEvent(name: string): void {
  if (workerMetrics === undefined) {
    const namespace = process.env[operationsEnvNames.metricsNamespace] || undefined;
    workerMetrics = namespace ? new Metrics({ namespace, serviceName: 'worker' }) : null;
  }
  if (!workerMetrics) return;
  workerMetrics.addMetric(name, MetricUnit.Count, 1);
  workerMetrics.publishStoredMetrics();
}
