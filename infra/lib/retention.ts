import { Duration } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/*
 * How long logs are kept (issue 37): a year, for every log group (functions, API access logs, the
 * firewall's) and every log bucket (S3 access logs, CloudFront logs). A dispute over a job or a
 * payment, or a question about who reached what, can come months later; AWS's Control Tower guard
 * rule for log groups asks for a year too.
 */
export const logRetention = RetentionDays.ONE_YEAR;
export const logBucketRetention = Duration.days(365);
