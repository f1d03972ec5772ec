import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { figuresStreamFilters } from '@studio/shared/studio-overview';
import { grantTableData } from '../table-access.ts';
import { StreamConsumerFunction } from './group-function.ts';
import { deadLetterQueue } from './stream-dead-letters.ts';

export interface FiguresProjectorProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  /** The handler configuration every function gets. */
  readonly environment: Record<string, string>;
}

/**
 * The figures projector (#40 item 9): a function fed by the table's stream through an event source
 * mapping that passes writes of jobs, image versions and delivered files and job deletions
 * (`figuresStreamFilters`); it keeps the overview's counters. Reports batch item failures, retries,
 * and sends what it gave up on to an SQS dead-letter queue, which raises an alarm. Its role reads
 * and writes the table and reads an editor's name from the user pool.
 */
export class FiguresProjector extends Construct {
  readonly function: StreamConsumerFunction;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: FiguresProjectorProps) {
    super(scope, id);
    this.function = new StreamConsumerFunction(this, 'Function', {
      consumer: 'figures',
      timeout: Duration.seconds(60),
      environment: props.environment,
    });
    const fn = this.function.function;
    grantTableData(props.table, fn, 'readWrite');
    props.userPool.grant(fn, 'cognito-idp:AdminGetUser');

    this.deadLetterQueue = deadLetterQueue(this, { worker: 'figures projector', source: 'stream mapping' });
    fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        // 10,000 jobs a day make some 100,000 records: batches of 100, each record a transaction.
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(5),
        reportBatchItemFailures: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: figuresStreamFilters.map((filter) =>
          FilterCriteria.filter(filter as unknown as Record<string, unknown>),
        ),
      }),
    );
    const reason =
      'DescribeStream/GetRecords/GetShardIterator are on the table stream; dynamodb:ListStreams has no resource-level permission and is granted on * by the event source, as AWS requires.';
    const finding = 'AwsSolutions-IAM5[Resource::*]';
    Validations.of(this.function).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
  }
}
