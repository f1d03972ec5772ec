import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AlarmTopic } from './alarm-topic.ts';
import { cloudFrontErrorRate, webAclBlockedRequests } from './edge-alarms.ts';

export interface OperationsMonitoringProps {
  /** Names the dashboard and the budget. */
  readonly stage: string;
  readonly alarmEmail?: string;
  /** Monthly cost budget in USD; notified at 80 % of actual and 100 % of forecast spend. */
  readonly monthlyBudgetUsd: number;
  readonly httpApi: IHttpApi;
  /** The route group functions, by group. */
  readonly functions: Readonly<Record<string, IFunction>>;
  /**
   * The functions that work in the background (files worker, scheduled run, notifier, site
   * publisher), each with the dead-letter queue of what it gave up on: an alarm on its errors, its
   * throttles and its queue's first message.
   */
  readonly workers: readonly MonitoredWorker[];
  readonly table: ITable;
  /** Namespace of the handlers' embedded-format metrics (functions/src/lib/http.ts, Powertools Metrics). */
  readonly metricsNamespace: string;
  /** Shown on the dashboard; their alarms live in us-east-1 with the metrics (EdgeAlarms). */
  readonly edge: { readonly webAclMetricName: string; readonly distributionId: string };
}

export interface MonitoredWorker {
  /** Names its alarms (`<Id>Errors`, `<Id>DeadLetters`...), e.g. `FilesWorker`. */
  readonly id: string;
  /** Says which worker in the alarms' descriptions, e.g. `files worker`. */
  readonly name: string;
  readonly function: IFunction;
  readonly deadLetters: IQueue;
}

const fiveMinutes = Duration.minutes(5);

/**
 * What tells an operator that something is wrong, in the app's region: one SNS topic (with the
 * operator's e-mail), alarms on the API's 5xx rate and latency, every function's errors and
 * throttles, every worker's errors, throttles and dead letters, the table's throttles, a monthly
 * cost budget, and one dashboard that also shows the CDN and firewall (their metrics live in
 * us-east-1, and so do their alarms: see EdgeAlarms). It lives in a stack of its own
 * (monitoring-stack.ts) that reads the app stack's names.
 */
export class OperationsMonitoring extends Construct {
  readonly topic: AlarmTopic['topic'];
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: OperationsMonitoringProps) {
    super(scope, id);
    this.topic = new AlarmTopic(this, 'Alarms', {
      email: props.alarmEmail,
      displayName: `Retouch studio ${props.stage} alarms`,
    }).topic;
    this.action = new SnsAction(this.topic);

    // API: share of requests answered 5xx, and latency as clients see it at the gateway.
    const requests = props.httpApi.metricCount({ period: fiveMinutes, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
    const errorRate = new MathExpression({
      label: 'API 5xx (% of requests)',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: fiveMinutes,
    });
    this.alarm('Api5xxRate', errorRate, {
      description: 'More than 2 % of API requests answered 5xx in two of the last three 5-minute periods.',
      threshold: 2,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    const latency = props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p95' });
    this.alarm('ApiLatency', latency, {
      description: "The API's 95th percentile latency was above 3 s for 15 minutes.",
      threshold: 3000,
      evaluationPeriods: 3,
    });

    // Lambda: failures the handlers did not turn into an answer (crash, timeout) and throttling.
    const groups = Object.keys(props.functions).sort();
    for (const group of groups) {
      const fn = props.functions[group]!;
      const name = group.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
      this.alarm(`${name}Errors`, fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), {
        description: `The ${group} function failed (crash or timeout) in the last 5 minutes.`,
        threshold: 0,
      });
      this.alarm(`${name}Throttles`, fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), {
        description: `The ${group} function was throttled (account concurrency) in the last 5 minutes.`,
        threshold: 0,
      });
    }

    // Workers: nobody waits on them, so a crash, a timeout or an event given up on is told here.
    for (const worker of props.workers) {
      this.alarm(`${worker.id}Errors`, worker.function.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), {
        description: `The ${worker.name} failed (crash or timeout) in the last 5 minutes; it is retried, see its logs.`,
        threshold: 0,
      });
      this.alarm(`${worker.id}Throttles`, worker.function.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), {
        description: `The ${worker.name} was throttled (account concurrency) in the last 5 minutes.`,
        threshold: 0,
      });
      this.alarmOnDeadLetters(worker.deadLetters, worker.id, worker.name);
    }

    // DynamoDB: on-demand tables still throttle on sudden spikes or a hot partition.
    const tableMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        period: fiveMinutes,
        statistic: 'Sum',
      });
    const tableThrottles = new MathExpression({
      label: 'DynamoDB throttled reads + writes',
      expression: 'reads + writes',
      usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
      period: fiveMinutes,
    });
    this.alarm('TableThrottles', tableThrottles, {
      description: 'DynamoDB throttled reads or writes of the table in the last 5 minutes.',
      threshold: 0,
    });

    // Cost: the whole account's monthly spend (tag-filtered budgets need cost allocation tags
    // activated by hand first); AWS Budgets publishes to the topic.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'BudgetsPublish',
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { type: 'ACTUAL', threshold: 80 },
        { type: 'FORECASTED', threshold: 100 },
      ].map(({ type, threshold }) => ({
        notification: {
          notificationType: type,
          comparisonOperator: 'GREATER_THAN',
          threshold,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
      })),
    });

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    const emf = (metricName: string, statistic = 'Sum') =>
      new Metric({
        namespace: props.metricsNamespace,
        metricName,
        // Powertools' Metrics name the service dimension `service` (functions/src/lib/observability.ts).
        dimensionsMap: { service: 'api' },
        period: fiveMinutes,
        statistic,
      });
    const perFunction = (metric: (fn: IFunction) => IMetric) => groups.map((group) => metric(props.functions[group]!));
    const perWorker = (metric: (fn: IFunction) => IMetric) => props.workers.map((worker) => metric(worker.function));
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Retouch studio ${props.stage}\nAPI, functions and table in ${Stack.of(this).region}; CDN and firewall in us-east-1. Logs: Logs Insights over the function log groups (JSON lines with requestId, userId, group).`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and 5xx', left: [requests, serverErrors], right: [errorRate], width: 8 }),
      new GraphWidget({
        title: 'API latency (p50, p95, p99)',
        left: ['p50', 'p95', 'p99'].map((statistic) => props.httpApi.metricLatency({ period: fiveMinutes, statistic })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Handler answers (embedded metrics)',
        left: [emf('Requests'), emf('ClientErrors'), emf('ServerErrors')],
        right: [emf('ColdStarts')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors',
        left: perFunction((fn) => fn.metricErrors({ period: fiveMinutes })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Function throttles',
        left: perFunction((fn) => fn.metricThrottles({ period: fiveMinutes })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Function duration (p95)',
        left: perFunction((fn) => fn.metricDuration({ period: fiveMinutes, statistic: 'p95' })),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Workers: errors',
        left: perWorker((fn) => fn.metricErrors({ period: fiveMinutes })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Workers: duration (max)',
        left: perWorker((fn) => fn.metricDuration({ period: fiveMinutes, statistic: 'Maximum' })),
        width: 8,
      }),
      new GraphWidget({
        title: 'Workers: dead letters',
        left: props.workers.map((worker) =>
          worker.deadLetters.metricApproximateNumberOfMessagesVisible({
            period: fiveMinutes,
            statistic: 'Maximum',
            label: worker.name,
          }),
        ),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB capacity used and throttles',
        left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')],
        right: [tableThrottles],
        width: 8,
      }),
      new GraphWidget({
        title: 'Firewall: blocked requests (us-east-1)',
        left: [webAclBlockedRequests(props.edge.webAclMetricName)],
        width: 8,
      }),
      new GraphWidget({
        title: 'CDN: 5xx error rate % (us-east-1)',
        left: [cloudFrontErrorRate(props.edge.distributionId)],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
  }

  /** Alarms as soon as a dead-letter queue holds a message: an event a worker gave up on. */
  private alarmOnDeadLetters(queue: IQueue, id: string, name: string): Alarm {
    return this.alarm(
      `${id}DeadLetters`,
      queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
      {
        description: `The ${name} dead-letter queue holds messages: events it gave up on (see the queue and the ${name} logs).`,
        threshold: 0,
      },
    );
  }

  private alarm(
    id: string,
    metric: IMetric,
    options: { description: string; threshold: number; evaluationPeriods?: number; datapointsToAlarm?: number },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      alarmDescription: options.description,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      // No traffic is no trouble.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}
