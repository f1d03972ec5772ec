import { Duration, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledgeNagFindings } from '../nag-acknowledgements.ts';

export interface SiteDeploymentProps {
  readonly siteBucket: IBucket;
  readonly distribution: IDistribution;
  /** The Vite build output (`web/dist`). */
  readonly sourceDir: string;
}

/**
 * Uploads the built SPA in two passes: content-hashed files under `assets/` first, cached for a
 * year and never pruned (a tab still open on the previous release keeps loading its chunks), then
 * everything else (index.html, robots.txt...), which browsers revalidate on every load and CloudFront
 * keeps until the invalidation at the end of each deploy.
 */
export class SiteDeployment extends Construct {
  readonly deployments: BucketDeployment[];

  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const source = Source.asset(props.sourceDir);

    const hashedAssets = new BucketDeployment(this, 'HashedAssets', {
      sources: [source],
      destinationBucket: props.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });

    const entryFiles = new BucketDeployment(this, 'EntryFiles', {
      sources: [source],
      destinationBucket: props.siteBucket,
      // Excluded files are also spared by pruning, so the hashed assets above survive.
      exclude: ['assets/*'],
      cacheControl: [
        CacheControl.fromString(`public, max-age=0, s-maxage=${Duration.days(1).toSeconds()}, must-revalidate`),
      ],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html must never point at chunks that are not uploaded yet.
    entryFiles.node.addDependency(hashedAssets);

    this.deployments = [hashedAssets, entryFiles];

    // Both deployments share one CDK-provided handler function (a stack-level singleton).
    for (const handler of Stack.of(this).node.children.filter((c) =>
      c.node.id.startsWith('Custom::CDKBucketDeployment'),
    )) {
      acknowledgeNagFindings(handler, {
        'AwsSolutions-L1':
          'CDK-provided BucketDeployment handler: aws-cdk-lib chooses its runtime and moves it on upgrade.',
        'AwsSolutions-IAM4':
          'CDK-provided BucketDeployment handler: AWSLambdaBasicExecutionRole only lets it write its own logs; the role is not configurable per statement.',
        'AwsSolutions-IAM5':
          'CDK-provided BucketDeployment handler: object-level wildcards limited to the CDK asset bucket (read) and the site bucket (sync and prune), and CreateInvalidation on the distribution.',
      });
    }
  }
}
