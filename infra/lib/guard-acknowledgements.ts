import { routeList } from '@studio/shared/routes';

/*
 * AWS Control Tower's proactive controls, run as cfn-guard rules (@cdklabs/cdk-validator-cfnguard)
 * on every synthesized template by infra/test/guard.test.ts, which fails on any finding not
 * acknowledged here and on any acknowledgement that no longer matches a finding. The cdk-nag
 * findings are acknowledged on the constructs themselves (Validations.of(...).acknowledge, and
 * nag-acknowledgements.ts for constructs we do not own); these are the guard rules' counterpart,
 * in one list because the rules have no per-resource suppression of their own.
 *
 * Fixed rather than acknowledged: log retention (CT.CLOUDWATCH.PR.2, a year), versioning of the
 * media and uploads buckets (CT.S3.PR.11), lifecycle rules on every bucket (CT.S3.PR.6), no
 * resource-based permission open to API Gateway (CT.LAMBDA.PR.2: the API invokes with a role), and
 * with a domain the certificate, TLSv1.2_2021 and SNI (CT.CLOUDFRONT.PR.6, 7, 9).
 */

export interface GuardAcknowledgement {
  /** The control as its rule reports it, e.g. `CT.S3.PR.9`. */
  readonly control: string;
  /**
   * The resources it covers, by construct path without the stack (`Data/Uploads/Resource` is
   * matched as `Uploads/Resource` of stack `...-Data`): `<stack suffix>/<path>`, e.g.
   * `App/Cdn/Distribution/Resource`.
   */
  readonly resources: RegExp;
  readonly reason: string;
}

/** `GET--api--services` etc.: the construct ids the HTTP API gives the routes declared public. */
const publicRouteIds = routeList
  .filter((route) => route.access === 'public')
  .map((route) => `${route.method}--${route.path.replace(/\//g, '--')}`.replace(/[{}]/g, '\\$&'));

const lambdaOutsideVpc =
  'No function reaches anything inside a VPC: they call DynamoDB, S3, Cognito, SES, Secrets Manager and Stripe over their public endpoints with IAM (or Stripe keys). A VPC would add NAT gateways or a dozen interface endpoints (cost every hour, and a hop on every call) and protect nothing here.';

export const guardAcknowledgements: readonly GuardAcknowledgement[] = [
  {
    control: 'CT.APIGATEWAY.PR.5',
    resources: new RegExp(`^App/Api/HttpApi/(${publicRouteIds.join('|')})/Resource$`),
    reason:
      'These routes are declared public in the shared route table (catalogue reads, sign-up and sign-in, lead and application forms, the Stripe webhook, which proves itself by its signature). Every other route has the Cognito JWT authorizer; cdk-nag APIG4 is acknowledged on the same routes.',
  },
  {
    control: 'CT.CLOUDFRONT.PR.4',
    resources: /^App\/Cdn\/Distribution\/Resource$/,
    reason:
      'Every origin (site bucket, media bucket, the HTTP API) lives in one region with the table; a failover origin would need a copy of the data and the API in a second region, which a studio of this size does not run.',
  },
  {
    control: 'CT.CLOUDFRONT.PR.6',
    resources: /^App\/(Cdn\/Distribution\/Resource|\(unnamed\))$/,
    reason:
      'A trial stage without -c domainName serves the *.cloudfront.net name with its default certificate. With a Route 53 zone in an app region other than us-east-1, the certificate is made in the edge stack and reaches the distribution through CDK cross-region reference (a custom resource attribute the rule cannot follow, reported without a resource name): stacks.test.ts checks the certificate, TLSv1.2_2021 and SNI on that distribution.',
  },
  {
    control: 'CT.CLOUDFRONT.PR.7',
    resources: /^App\/(Cdn\/Distribution\/Resource|\(unnamed\))$/,
    reason: 'As CT.CLOUDFRONT.PR.6: SNI is set whenever the site has its own domain.',
  },
  {
    control: 'CT.CLOUDFRONT.PR.9',
    resources: /^App\/Cdn\/Distribution\/Resource$/,
    reason:
      'A trial stage without -c domainName: CloudFront fixes the security policy of its default *.cloudfront.net certificate. With a domain the distribution has TLSv1.2_2021.',
  },
  {
    control: 'CT.CLOUDWATCH.PR.3',
    resources:
      /^((App|Workers|ClientApi)\/.*\/(Logs|LogGroup|AccessLogs)\/Resource|Data\/Accounts\/PreTokenGeneration\/Logs\/Resource|Edge\/Firewall\/Logs\/Resource)$/,
    reason:
      'Log groups are encrypted by CloudWatch Logs with its own keys. The handlers log no secrets and no tokens (redacted by the logger; the firewall redacts the Authorization header); a customer managed key would add a key policy for the logs service and a monthly key cost without keeping anyone out who can read the logs already.',
  },
  {
    control: 'CT.DYNAMODB.PR.2',
    resources: /^Data\/Table\/Resource$/,
    reason:
      "The table is encrypted at rest with DynamoDB's AWS owned key. A KMS key (AWS managed or customer managed) adds a KMS request charge and, for a customer managed key, a key policy every reader (the functions, the stream consumers, point-in-time restore) must be granted; the table's access is already scoped per function by IAM.",
  },
  {
    control: 'CT.LAMBDA.PR.3',
    resources:
      /^((App|ClientApi)\/.*(Function\/Resource|Function\/Function\/Resource|Handler|Custom::CDKBucketDeployment[0-9A-Za-z]+\/Resource)|Workers\/(FilesWorker|PreviewWorker|AutoApproval|FiguresProjector)\/Function\/(Function\/)?Resource|Workers\/Webhooks\/(Worker|Dispatcher)\/Function\/Resource|Data\/Accounts\/PreTokenGeneration\/Function\/Resource)$/,
    reason: lambdaOutsideVpc,
  },
  {
    control: 'CT.LAMBDA.PR.3',
    resources: /^(Edge|EdgeAlarms)\/Custom::CrossRegionExport(Reader|Writer)CustomResourceProvider\/Handler$/,
    reason: `CDK's cross-region reference handlers (they read and write SSM parameters). ${lambdaOutsideVpc}`,
  },
  {
    control: 'CT.S3.PR.2',
    resources: /^(App\/Logs|Data\/AccessLogs)\/Resource$/,
    reason:
      'These are the log buckets: the other buckets log their requests into them, and a log bucket does not log itself.',
  },
  {
    control: 'CT.S3.PR.4',
    resources: /^(App\/(Logs|SiteBucket)|Data\/(AccessLogs|Applications|Media|Uploads))\/Resource$/,
    reason:
      'No process waits on bucket events: every upload is confirmed by the API (HeadObject and the first bytes) and the site publisher is fed by the table stream, so an event notification would have no consumer.',
  },
  {
    control: 'CT.S3.PR.9',
    resources: /^(App\/(Logs|SiteBucket)|Data\/(AccessLogs|Applications|Media|Uploads))\/Resource$/,
    reason:
      "Object Lock would forbid deleting what must be deletable: a resume when an applicant is refused, a client's photos when their time is up, the site's old releases, logs after a year. Recovery from mistakes is by versioning (media, uploads: 30 days) and point-in-time recovery of the table.",
  },
  {
    control: 'CT.S3.PR.10',
    resources: /^(App\/(Logs|SiteBucket)|Data\/(AccessLogs|Applications|Media|Uploads))\/Resource$/,
    reason:
      "S3-managed encryption (SSE-S3) on every bucket. The log buckets cannot use SSE-KMS (S3 server access logs and CloudFront standard logs are not delivered to it); CloudFront reads the site and media buckets through origin access control, which for SSE-KMS needs a key policy for the distribution; and the uploads bucket is written by browsers through presigned POSTs, which a KMS key would make depend on the uploading role's key grants. Access is kept by the buckets' policies and IAM.",
  },
  {
    control: 'CT.S3.PR.11',
    resources: /^(App\/(Logs|SiteBucket)|Data\/(AccessLogs|Applications))\/Resource$/,
    reason:
      "Unversioned on purpose: the site bucket holds only the build and the publisher's releases (rebuilt by each deploy and publication); the log buckets hold logs that expire after a year; the applications bucket holds resumes and cover letters, and a deleted one must really be gone (docs/decisions/job-applications.md, #6). The media and uploads buckets are versioned.",
  },
  {
    control: 'CT.SQS.PR.1',
    resources:
      /^(App\/(Notifier|Publisher)|Workers\/(FilesWorker|PreviewWorker|AutoApproval|FiguresProjector|Webhooks|Webhooks\/DispatcherMapping))\/DeadLetters\/Resource$/,
    reason:
      "These queues are dead-letter queues themselves: the on-failure destinations of the workers' stream mappings and asynchronous invocations. The rule knows a dead-letter queue only by a redrive-allow policy, which concerns SQS source queues; none redrives into them.",
  },
];
