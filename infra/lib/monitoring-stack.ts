import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeAlarms, edgeMetricsRegion } from './constructs/edge-alarms.ts';
import { OperationsMonitoring, type OperationsMonitoringProps } from './constructs/operations-monitoring.ts';
import { addArchiveVolumeAlarm } from './image-workers.ts';

export type MonitoringStackProps = StackProps & OperationsMonitoringProps;

/**
 * What tells an operator that something is wrong (issue 37: out of the app stack, which must keep
 * room under CloudFormation's 500 resources): the alarm topic, every alarm of the app's region, the
 * dashboard and the monthly budget. It reads the app stack's names (functions, queues, API, table,
 * distribution), so it is deployed after it. When the app is in us-east-1 it also holds the CDN's
 * and firewall's alarms, whose metrics are there; otherwise the `-EdgeAlarms` stack does.
 */
export class MonitoringStack extends Stack {
  readonly monitoring: OperationsMonitoring;
  readonly edgeAlarms?: EdgeAlarms;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    const {
      stage,
      alarmEmail,
      monthlyBudgetUsd,
      httpApi,
      functions,
      workers,
      table,
      metricsNamespace,
      edge,
      ...stackProps
    } = props;
    super(scope, id, stackProps);
    this.monitoring = new OperationsMonitoring(this, 'Monitoring', {
      stage,
      alarmEmail,
      monthlyBudgetUsd,
      httpApi,
      functions,
      workers,
      table,
      metricsNamespace,
      edge,
    });
    this.monitoring.alarms.push(addArchiveVolumeAlarm(this, { topic: this.monitoring.topic, metricsNamespace }));
    if (this.region === edgeMetricsRegion) {
      this.edgeAlarms = new EdgeAlarms(this, 'EdgeAlarms', {
        topic: this.monitoring.topic,
        webAclMetricName: edge.webAclMetricName,
        distributionId: edge.distributionId,
      });
    }
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName });
  }
}
