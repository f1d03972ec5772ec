import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * The dead-letter queue of a worker (the notifier's and site publisher's stream mappings, the files
 * worker's and the scheduled run's asynchronous invocations): where what was given up on is kept
 * 14 days, encrypted, TLS only. Made in `scope` as `DeadLetters`. Its alarm (one message is enough)
 * is in the monitoring stack (monitoring-stack.ts), with the worker's error alarm.
 */
export function deadLetterQueue(
  scope: Construct,
  {
    worker,
    source,
  }: {
    /** The worker's name in the findings' reasons: `notifier`, `publisher`, `files worker`. */
    worker: string;
    /** What sends to it, for the reasons: `stream mapping`, `asynchronous invocations`. */
    source: string;
  },
): Queue {
  const queue = new Queue(scope, 'DeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is the dead-letter destination itself (the on-failure destination of the ${worker}'s ${source}); it needs no queue of its own.`,
  });
  return queue;
}
