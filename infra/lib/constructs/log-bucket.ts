import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { logBucketRetention } from '../retention.ts';

export interface LogBucketProps {
  /**
   * CloudFront standard logs are delivered with an ACL, so a bucket that receives them must keep ACLs
   * enabled (`BUCKET_OWNER_PREFERRED`); S3 server access logs work with ACLs disabled.
   */
  readonly receivesCloudFrontLogs?: boolean;
  /** @default a year (retention.ts) */
  readonly retention?: Duration;
}

/** Where S3 server access logs (and CloudFront logs) of one stack go. Retained: logs outlive the stack. */
export class LogBucket extends Bucket {
  constructor(scope: Construct, id: string, props: LogBucketProps = {}) {
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // SSE-KMS is not supported as a destination for S3 server access logs or CloudFront logs.
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: props.receivesCloudFrontLogs
        ? ObjectOwnership.BUCKET_OWNER_PREFERRED
        : ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'expire-logs', expiration: props.retention ?? logBucketRetention }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
