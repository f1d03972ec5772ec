import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { webhookEnvNames, webhookStreamFilter, webhookTimeoutSeconds } from '@studio/shared/webhooks';
import { webhookDispatcherEntry, webhookWorkerEntry } from '../bundle-settings.ts';
import { grantTableData } from '../table-access.ts';
import { StudioFunction } from './group-function.ts';
import { deadLetterQueue } from './stream-dead-letters.ts';

export interface WebhookDeliveryProps {
  readonly table: ITable;
  /** The handler configuration every function gets. */
  readonly environment: Record<string, string>;
}

/** Messages the worker takes at once: each may wait 10 s for its receiver. */
const workerBatchSize = 10;

/**
 * Webhooks of the public API (#36): the dispatcher, fed by the table's stream (new outbox items of
 * the events webhooks hear of, `webhookStreamFilter`), queues one delivery per webhook; the
 * delivery worker, on that queue (batch item failures reported), makes each try, queues the next
 * with a delay, and sends what it gives up on after 24 hours to the dead-letter queue. A message
 * the worker fails to handle (the table down) comes back after the visibility timeout and, after
 * five receives, lands in the same dead-letter queue. The dispatcher's stream mapping has its own.
 */
export class WebhookDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly dispatcher: StudioFunction;
  readonly dispatcherDeadLetters: Queue;
  readonly worker: StudioFunction;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(this, { worker: 'webhook delivery worker', source: 'given-up deliveries' });
    const workerTimeout = Duration.seconds(workerBatchSize * webhookTimeoutSeconds + 30);
    this.queue = new Queue(this, 'Deliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Longer than a try is ever waited for (a message comes back to be put off again, <= 15 min).
      retentionPeriod: Duration.days(4),
      // Six times the worker's timeout, as AWS advises for a queue that feeds a function.
      visibilityTimeout: Duration.seconds(workerTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 5 },
    });

    this.worker = new StudioFunction(this, 'Worker', {
      entry: webhookWorkerEntry,
      description: 'Webhook delivery worker: signed POSTs to the webhooks of organisations',
      roleDescription: 'Runs the webhook delivery worker',
      serviceName: 'webhook-worker',
      memorySize: 256,
      timeout: workerTimeout,
      nativeModules: [],
      environment: {
        ...props.environment,
        [webhookEnvNames.queueUrl]: this.queue.queueUrl,
        [webhookEnvNames.deadLetterQueueUrl]: this.deadLetterQueue.queueUrl,
      },
    });
    // The log of tries, the webhook's state, and the outbox item of a webhook turned off.
    grantTableData(props.table, this.worker.function, 'readWrite');
    this.queue.grantSendMessages(this.worker.function);
    this.deadLetterQueue.grantSendMessages(this.worker.function);
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, { batchSize: workerBatchSize, reportBatchItemFailures: true }),
    );

    this.dispatcher = new StudioFunction(this, 'Dispatcher', {
      entry: webhookDispatcherEntry,
      description: `Stream consumer webhook-dispatcher: outbox events to webhook deliveries`,
      roleDescription: 'Runs the webhook dispatcher',
      serviceName: 'webhook-dispatcher',
      memorySize: 512,
      timeout: Duration.seconds(60),
      nativeModules: [],
      environment: { ...props.environment, [webhookEnvNames.queueUrl]: this.queue.queueUrl },
    });
    // Reads the organisation's webhooks and the job; writes nothing.
    grantTableData(props.table, this.dispatcher.function, 'read');
    this.queue.grantSendMessages(this.dispatcher.function);
    const dispatcherScope = new Construct(this, 'DispatcherMapping');
    this.dispatcherDeadLetters = deadLetterQueue(dispatcherScope, {
      worker: 'webhook dispatcher',
      source: 'stream mapping',
    });
    this.dispatcher.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 50,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(this.dispatcherDeadLetters),
        filters: [FilterCriteria.filter(webhookStreamFilter as unknown as Record<string, unknown>)],
      }),
    );
    const reason =
      'DescribeStream/GetRecords/GetShardIterator are on the table stream; dynamodb:ListStreams has no resource-level permission and is granted on * by the event source, as AWS requires.';
    const finding = 'AwsSolutions-IAM5[Resource::*]';
    Validations.of(this.dispatcher).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
  }
}
