import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { autoApprovalEntry } from '../bundle-settings.ts';
import { grantTableData } from '../table-access.ts';
import { StudioFunction } from './group-function.ts';
import { deadLetterQueue } from './stream-dead-letters.ts';

export interface AutoApprovalProps {
  readonly table: ITable;
  /** The handler configuration every function gets. */
  readonly environment: Record<string, string>;
}

/** How often the sweep runs: deliveries are approved within this much of their N days. */
export const autoApprovalRate = Duration.hours(1);

/**
 * Auto-approval (issue 17): an EventBridge rule runs the sweep every hour; it approves the
 * deliveries whose client did not answer within the studio's days, sends the overdue notices and
 * keeps the open-jobs index of the jobs changed since its last run (functions/src/workers/
 * auto-approval.ts). Its role reads and writes the table and nothing else: the e-mails go through
 * the outbox it writes in each approval's transaction. A run that failed all its tries (Lambda's
 * two retries of an asynchronous invocation) lands in a dead-letter queue, alarmed in the
 * monitoring stack; so does an event EventBridge could not deliver.
 */
export class AutoApproval extends Construct {
  readonly function: StudioFunction;
  readonly rule: Rule;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: AutoApprovalProps) {
    super(scope, id);
    this.function = new StudioFunction(this, 'Function', {
      entry: autoApprovalEntry,
      description: 'Scheduled: approves deliveries the client did not answer within the studio days',
      roleDescription: 'Runs the auto-approval sweep',
      serviceName: 'auto-approval',
      memorySize: 256,
      timeout: Duration.minutes(5),
      nativeModules: [],
      environment: props.environment,
    });
    grantTableData(props.table, this.function.function, 'readWrite');
    this.deadLetterQueue = deadLetterQueue(this, { worker: 'scheduled run', source: 'asynchronous invocations' });
    this.function.function.configureAsyncInvoke({
      onFailure: new SqsDestination(this.deadLetterQueue),
      retryAttempts: 2,
      // The next hour's run does the same work: an event older than that is of no use.
      maxEventAge: autoApprovalRate,
    });
    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the auto-approval sweep',
      schedule: Schedule.rate(autoApprovalRate),
      // A failed run is simply the next hour's: every approval is conditional and idempotent.
      targets: [
        new LambdaFunction(this.function.function, { retryAttempts: 2, deadLetterQueue: this.deadLetterQueue }),
      ],
    });
  }
}
