import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * The dead-letter queue of a table-stream consumer (the notifier, the site publisher): where the
 * stream mapping puts what it gave up on, kept 14 days, encrypted, TLS only; and an alarm to
 * `alarmTopic` as soon as one record is there, and again when the queue is empty. Made in `scope`
 * as `DeadLetters` and `DeadLettersAlarm`.
 */
export function streamDeadLetters(
  scope: Construct,
  {
    consumer,
    alarmDescription,
    alarmTopic,
  }: {
    /** The consumer's name in the findings' reasons: `notifier`, `publisher`. */
    consumer: string;
    alarmDescription: string;
    alarmTopic: ITopic;
  },
): { queue: Queue; alarm: Alarm } {
  const queue = new Queue(scope, 'DeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is the dead-letter destination itself (the on-failure destination of the ${consumer} stream mapping); it needs no queue of its own.`,
  });
  const alarm = new Alarm(scope, 'DeadLettersAlarm', {
    alarmDescription,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(alarmTopic));
  alarm.addOkAction(new SnsAction(alarmTopic));
  return { queue, alarm };
}
