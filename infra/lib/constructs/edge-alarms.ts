import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/** CloudFront and its web ACL report their metrics in us-east-1, whatever the app's region. */
export const edgeMetricsRegion = 'us-east-1';
const fiveMinutes = Duration.minutes(5);

/** Requests the web ACL blocked (every rule), by the ACL's metric name. */
export function webAclBlockedRequests(webAclMetricName: string): Metric {
  return new Metric({
    namespace: 'AWS/WAFV2',
    metricName: 'BlockedRequests',
    // CloudFront web ACLs have no Region dimension; Rule=ALL sums every rule.
    dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL' },
    region: edgeMetricsRegion,
    period: fiveMinutes,
    statistic: 'Sum',
  });
}

/** Share of the distribution's responses that were 5xx (origin or CloudFront). */
export function cloudFrontErrorRate(distributionId: string): Metric {
  return new Metric({
    namespace: 'AWS/CloudFront',
    metricName: '5xxErrorRate',
    dimensionsMap: { DistributionId: distributionId, Region: 'Global' },
    region: edgeMetricsRegion,
    period: fiveMinutes,
    statistic: 'Average',
  });
}

export interface EdgeAlarmsProps {
  /** A topic in us-east-1: an alarm notifies topics of its own region only. */
  readonly topic: ITopic;
  readonly webAclMetricName: string;
  readonly distributionId: string;
  /** Blocked requests per 5 minutes that are more than bots knocking. @default 200 */
  readonly blockedRequestsThreshold?: number;
}

/**
 * Alarms on the CDN and its firewall. Their metrics exist only in us-east-1 and alarms cannot watch
 * another region, so this construct must live in a us-east-1 stack: the app stack when the app is
 * deployed there, otherwise the `-EdgeAlarms` stack (see app.ts).
 */
export class EdgeAlarms extends Construct {
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: EdgeAlarmsProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (region !== edgeMetricsRegion) {
      throw new Error(`EdgeAlarms must be in ${edgeMetricsRegion} with the CloudFront and WAF metrics, not ${region}.`);
    }
    const action = new SnsAction(props.topic);
    const alarm = (id: string, metric: Metric, threshold: number, description: string, periods: number) => {
      const created = new Alarm(this, id, {
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: periods,
        datapointsToAlarm: Math.min(periods, 2),
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      return created;
    };
    this.alarms = [
      alarm(
        'WafBlocks',
        webAclBlockedRequests(props.webAclMetricName),
        props.blockedRequestsThreshold ?? 200,
        'The web ACL blocked many requests in two of three 5-minute periods: an attack, or a rule refusing real visitors (see the aws-waf-logs-* log group).',
        3,
      ),
      alarm(
        'CdnErrorRate',
        cloudFrontErrorRate(props.distributionId),
        5,
        'More than 5 % of CDN responses were 5xx in two of three 5-minute periods.',
        3,
      ),
    ];
  }
}
