import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type BucketProps,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface PrivateBucketProps extends Omit<
  BucketProps,
  'blockPublicAccess' | 'enforceSSL' | 'encryption' | 'objectOwnership' | 'serverAccessLogsBucket' | 'publicReadAccess'
> {
  /** Every bucket logs its requests (cdk-nag AwsSolutions-S1): object-level audit for uploads and media. */
  readonly accessLogs: IBucket;
}

/**
 * A bucket nobody reaches directly: public access blocked, TLS 1.2+ only, ACLs off, S3-managed
 * encryption, access logs under `s3/<id>/`. Public files go through CloudFront with origin access control.
 */
export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    const { accessLogs, ...rest } = props;
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: `s3/${id}/`,
      ...rest,
    });
  }
}
