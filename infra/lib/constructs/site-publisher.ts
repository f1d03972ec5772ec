import { Duration } from 'aws-cdk-lib';
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Code, FilterCriteria, LayerVersion, StartingPosition, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct, type IConstruct } from 'constructs';
import {
  publishBatchWindowSeconds,
  publishedContentStreamFilter,
  publisherEnvNames,
} from '@studio/shared/site-publishing';
import { releasesPrefix } from '@studio/shared/site-render';
import { acknowledgeNagFindings } from '../nag-acknowledgements.ts';
import { grantTableData } from '../table-access.ts';
import { StreamConsumerFunction } from './group-function.ts';
import { deadLetterQueue } from './stream-dead-letters.ts';

export interface SitePublisherProps {
  readonly table: ITable;
  readonly siteBucket: IBucket;
  /** The handler configuration every function gets. */
  readonly environment: Record<string, string>;
  /** Public origin of the site (canonical, Open Graph, sitemap URLs). */
  readonly siteUrl: string;
  /** The renderer `npm run build` writes (web/dist-render): shipped as a layer, at /opt. */
  readonly rendererDir: string;
  /** The CDN's KeyValueStore the publisher switches releases in. */
  readonly releaseStore: IKeyValueStore;
  /** What must be deployed before the first publication (the build's files in the site bucket). */
  readonly publishAfter: readonly IConstruct[];
  /**
   * Reserve a concurrency of 1, so two publications never run at once. Lambda refuses any
   * reservation on an account whose concurrency quota is 10 (new accounts): it keeps 10
   * unreserved. Off, publications of different stream shards may overlap (settings.ts,
   * `reservedConcurrency`). @default false
   */
  readonly oneAtATime?: boolean;
}

/**
 * The site publisher (issue 20): a function fed by the table's stream through an event source that
 * passes changes to public content only (`publishedContentStreamFilter`) and gathers them for
 * `publishBatchWindowSeconds` into one batch, so a burst (a bulk reorder) publishes once. One
 * batch at a time per stream shard (parallelization 1), and with `oneAtATime` one instance at all
 * (reserved concurrency 1), so two publications never race. It renders the
 * pages with the build's renderer (a layer), writes a release to the site bucket and switches the
 * CDN's KeyValueStore to it. A batch given up on goes to an SQS dead-letter queue (its alarm is in
 * the monitoring stack). A trigger publishes once after every deployment that changes the function or its renderer
 * (the new build's scripts), after the build's files are in the bucket.
 */
export class SitePublisher extends Construct {
  readonly function: StreamConsumerFunction;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: SitePublisherProps) {
    super(scope, id);
    const renderer = new LayerVersion(this, 'Renderer', {
      description: 'The site renderer and its document template (npm run build: web/dist-render)',
      code: Code.fromAsset(props.rendererDir),
    });
    this.function = new StreamConsumerFunction(this, 'Function', {
      consumer: 'publisher',
      // Renders every page (a few dozen) and writes them: seconds, with room for a large catalogue.
      timeout: Duration.seconds(120),
      environment: {
        ...props.environment,
        [publisherEnvNames.siteBucket]: props.siteBucket.bucketName,
        [publisherEnvNames.siteUrl]: props.siteUrl,
        [publisherEnvNames.rendererDir]: '/opt',
        [publisherEnvNames.releaseStoreArn]: props.releaseStore.keyValueStoreArn,
      },
    });
    const fn = this.function.function;
    fn.addLayers(renderer);
    if (props.oneAtATime) (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = 1;

    grantTableData(props.table, fn, 'read');
    // Its own prefix of the site bucket only: the build's files are the deployment's.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [props.siteBucket.arnForObjects(`${releasesPrefix}*`)],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.siteBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${releasesPrefix}*`] } },
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:UpdateKeys'],
        resources: [props.releaseStore.keyValueStoreArn],
      }),
    );

    this.deadLetterQueue = deadLetterQueue(this, { worker: 'publisher', source: 'stream mapping' });

    fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        // Everything of a burst in one batch: the window, not the size, ends it.
        batchSize: 1000,
        maxBatchingWindow: Duration.seconds(publishBatchWindowSeconds),
        parallelizationFactor: 1,
        reportBatchItemFailures: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [FilterCriteria.filter(publishedContentStreamFilter as unknown as Record<string, unknown>)],
      }),
    );
    acknowledgeNagFindings(this.function, {
      'AwsSolutions-IAM5':
        "Object actions on the site bucket's releases/ prefix only (a release is a set of objects under it, written and pruned by the publisher); DescribeStream/GetRecords/GetShardIterator are on the table stream, and dynamodb:ListStreams has no resource-level permission, granted on * by the event source as AWS requires.",
    });

    new Trigger(this, 'PublishAfterDeploy', {
      handler: fn,
      executeAfter: [...props.publishAfter],
      executeOnHandlerChange: true,
    });
  }
}
