import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { autoApprovalEntry } from '../bundle-settings.ts';
import { grantTableData } from '../table-access.ts';
import { StudioFunction } from './group-function.ts';

export interface AutoApprovalProps {
  readonly table: ITable;
  /** The handler configuration every function gets. */
  readonly environment: Record<string, string>;
}

/** How often the sweep runs: deliveries are approved within this much of their N days. */
export const autoApprovalRate = Duration.hours(1);

/**
 * Auto-approval (issue 17): an EventBridge rule runs the sweep every hour; it approves the
 * deliveries whose client did not answer within the studio's days (functions/src/workers/
 * auto-approval.ts). Its role reads and writes the table and nothing else: the e-mails go through
 * the outbox it writes in each approval's transaction.
 */
export class AutoApproval extends Construct {
  readonly function: StudioFunction;
  readonly rule: Rule;

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
    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the auto-approval sweep',
      schedule: Schedule.rate(autoApprovalRate),
      // A failed run is simply the next hour's: every approval is conditional and idempotent.
      targets: [new LambdaFunction(this.function.function, { retryAttempts: 2 })],
    });
  }
}
