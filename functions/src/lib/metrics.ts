import { operationsEnvNames } from '@studio/shared/platform';

/*
 * Request metrics in CloudWatch's embedded metric format (EMF): one JSON line per request on
 * stdout, which CloudWatch Logs turns into metrics with no API call and no dependency (a few
 * lines instead of a metrics library in every bundle). Written whatever LOG_LEVEL says, and only
 * where METRICS_NAMESPACE is set (the CDK stack): the local stack writes none.
 *
 * Metrics (custom metrics are billed per name and dimension set, so few of them):
 *   Service=api        Requests, ClientErrors (4xx), ServerErrors (5xx), Latency (ms), ColdStarts
 *   Service=api,Group  ServerErrors: which route group answers 5xx. The handlers turn every
 *                      failure into an enveloped 500, which Lambda's own Errors metric never counts.
 */

export interface RequestMetrics {
  group: string;
  status: number;
  durationMs: number;
  coldStart: boolean;
  requestId: string;
}

/** The EMF line for one request, or undefined without a namespace. */
export function requestMetricsLine(metrics: RequestMetrics, namespace: string | undefined, at = Date.now()) {
  if (!namespace) return undefined;
  return JSON.stringify({
    _aws: {
      Timestamp: at,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [['Service']],
          Metrics: [
            { Name: 'Requests', Unit: 'Count' },
            { Name: 'ClientErrors', Unit: 'Count' },
            { Name: 'ServerErrors', Unit: 'Count' },
            { Name: 'Latency', Unit: 'Milliseconds' },
            { Name: 'ColdStarts', Unit: 'Count' },
          ],
        },
        {
          Namespace: namespace,
          Dimensions: [['Service', 'Group']],
          Metrics: [{ Name: 'ServerErrors', Unit: 'Count' }],
        },
      ],
    },
    Service: 'api',
    Group: metrics.group,
    Requests: 1,
    ClientErrors: metrics.status >= 400 && metrics.status < 500 ? 1 : 0,
    ServerErrors: metrics.status >= 500 ? 1 : 0,
    Latency: metrics.durationMs,
    ColdStarts: metrics.coldStart ? 1 : 0,
    // Not dimensions: kept in the line, so Logs Insights can find the request behind a data point.
    requestId: metrics.requestId,
    status: metrics.status,
  });
}

export function recordRequestMetrics(metrics: RequestMetrics): void {
  const line = requestMetricsLine(metrics, process.env[operationsEnvNames.metricsNamespace] || undefined);
  if (line) console.log(line);
}

/**
 * One count of a background worker's event (#33: `ArchiveVolumesFailed`), as an EMF line with the
 * dimension `Service=worker`: the alarm on a failed "Download all" volume watches it.
 */
export function recordWorkerMetric(name: string, value = 1, at = Date.now()): void {
  const namespace = process.env[operationsEnvNames.metricsNamespace] || undefined;
  if (!namespace) return;
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: at,
        CloudWatchMetrics: [
          { Namespace: namespace, Dimensions: [['Service']], Metrics: [{ Name: name, Unit: 'Count' }] },
        ],
      },
      Service: 'worker',
      [name]: value,
    }),
  );
}
