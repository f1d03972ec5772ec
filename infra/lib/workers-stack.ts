import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { handlerEnvNames, operationsEnvNames, siteUrlEnvName } from '@studio/shared/platform';
import { AutoApproval } from './constructs/auto-approval.ts';
import { FiguresProjector } from './constructs/figures-projector.ts';
import { WebhookDelivery } from './constructs/webhook-delivery.ts';
import type { StudioFunction } from './constructs/group-function.ts';
import { deadLetterQueue } from './constructs/stream-dead-letters.ts';
import type { StudioUserPool } from './constructs/user-pool.ts';
import type { DataStack } from './data-stack.ts';
import { addFilesWorker } from './group-functions.ts';
import { addPreviewWorker, allowSelfInvoke } from './image-workers.ts';
import type { HandlerLogLevel } from './settings.ts';

export interface WorkersStackProps extends StackProps {
  readonly data: Pick<DataStack, 'table' | 'mediaBucket' | 'uploadsBucket' | 'applicationsBucket'> & {
    readonly accounts: StudioUserPool;
  };
  readonly logLevel: HandlerLogLevel;
  /** Where the workers' metrics go: the app stack's namespace (`RetouchStudio/<stage>`). */
  readonly metricsNamespace: string;
  /** The site's public origin when given (links the scheduled run's e-mails carry). */
  readonly siteUrl?: string;
  /** The preview worker's own concurrency limit (see image-workers.ts). */
  readonly reservedConcurrency?: boolean;
}

/**
 * The background workers that read only the data stack (docs/decisions/images.md, "The workers'
 * own stack"): the files worker (archives in volumes, keeping photos), the preview worker (#33),
 * the scheduled run (auto-approval, overdue notices, the open-jobs index) and the figures projector
 * (#40 item 9, fed by the table's stream), each with the queue of
 * its failed runs. Apart from the app stack so that the app stack, which grows with every route,
 * keeps its room (lib/stack-sizes.ts); the route groups that start a worker are told its name and
 * granted its invocation across the two stacks.
 */
export class WorkersStack extends Stack {
  /** Background work of a job's files: archives in volumes, keeping a job's photos (issues 15, 33). */
  readonly filesWorker: StudioFunction;
  /** Asynchronous runs of the files worker that failed every try. */
  readonly filesWorkerDeadLetters: Queue;
  /** Previews of photos and finished files (#33) and its failed runs. */
  readonly previewWorker: StudioFunction;
  readonly previewWorkerDeadLetters: Queue;
  /** The hourly sweep (issue 17). */
  readonly autoApproval: AutoApproval;
  /** The overview's figures kept from the table's stream (#40 item 9), with its dead letters. */
  readonly figuresProjector: FiguresProjector;
  /** Webhooks (#36): the dispatcher on the stream, the delivery queue, its worker and dead letters. */
  readonly webhooks: WebhookDelivery;

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    const { data, logLevel, metricsNamespace, siteUrl, reservedConcurrency, ...stackProps } = props;
    super(scope, id, stackProps);
    const { table, uploadsBucket } = data;
    // What every function is told, without the origin secret: no worker answers requests.
    const environment = {
      [handlerEnvNames.tableName]: table.tableName,
      [handlerEnvNames.mediaBucket]: data.mediaBucket.bucketName,
      [handlerEnvNames.uploadsBucket]: uploadsBucket.bucketName,
      [handlerEnvNames.applicationsBucket]: data.applicationsBucket.bucketName,
      [handlerEnvNames.userPoolId]: data.accounts.userPool.userPoolId,
      [handlerEnvNames.siteClientId]: data.accounts.siteClient.userPoolClientId,
      [handlerEnvNames.staffClientId]: data.accounts.staffClient.userPoolClientId,
      [handlerEnvNames.logLevel]: logLevel,
      [operationsEnvNames.metricsNamespace]: metricsNamespace,
      ...(siteUrl ? { [siteUrlEnvName]: siteUrl } : {}),
    };

    this.filesWorker = addFilesWorker(this, { environment, table, uploadsBucket });
    // A task that failed its tries (Lambda retries an asynchronous run twice) is kept here and
    // alarmed; an archive volume whose run died is also marked FAILED when read.
    this.filesWorkerDeadLetters = this.keepFailedRuns(this.filesWorker, 'files worker');
    allowSelfInvoke(this.filesWorker);
    // #33: previews off the request path, a function with its own concurrency limit.
    this.previewWorker = addPreviewWorker(this, {
      environment,
      table,
      uploadsBucket,
      reservedConcurrency: reservedConcurrency ?? false,
    });
    this.previewWorkerDeadLetters = this.keepFailedRuns(this.previewWorker, 'preview worker');
    // Issue 17: deliveries not answered in time are approved; it reads the table, not requests.
    this.autoApproval = new AutoApproval(this, 'AutoApproval', { table, environment });
    // #40 item 9: the overview's counters, kept from the table's stream; here, not in the app
    // stack, which is near its resource limit.
    this.figuresProjector = new FiguresProjector(this, 'FiguresProjector', {
      table,
      userPool: data.accounts.userPool,
      environment,
    });
    // #36: webhooks, fed by the same stream; the webhooks route group queues test events on its queue.
    this.webhooks = new WebhookDelivery(this, 'Webhooks', { table, environment });
  }

  private keepFailedRuns(worker: StudioFunction, name: string): Queue {
    const queue = deadLetterQueue(worker, { worker: name, source: 'asynchronous invocations' });
    worker.function.configureAsyncInvoke({
      onFailure: new SqsDestination(queue),
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });
    return queue;
  }
}
