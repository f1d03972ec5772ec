import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { UserPoolEmail } from 'aws-cdk-lib/aws-cognito';
import { HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { bucketDefinitions } from '@studio/shared/platform';
import { DataTable } from './constructs/data-table.ts';
import { LogBucket } from './constructs/log-bucket.ts';
import { PrivateBucket } from './constructs/private-bucket.ts';
import { bareAddress, StudioMail } from './constructs/studio-mail.ts';
import { StudioUserPool } from './constructs/user-pool.ts';

export interface DataStackProps extends StackProps {
  /** Deletion protection on the table and pool, termination protection on the stack. */
  readonly protectData: boolean;
  /**
   * Origins the browser uploads from (CORS of the uploads bucket). The CloudFront domain is only
   * known once the app stack exists, and this stack cannot depend on it.
   * @default ['https://*.cloudfront.net']
   */
  readonly siteOrigins?: readonly string[];
  /** Create the Cognito user pool (not in the LocalStack free profile, which has no Cognito). @default true */
  readonly withUserPool?: boolean;
  /** Sending e-mail (issue 18); absent in the LocalStack free profile, which runs no notifier. */
  readonly mail?: MailSettings;
}

/** Deployment settings of e-mail (README, "Configuration"). */
export interface MailSettings {
  /** The SES domain identity, e.g. `studio.example`; its DKIM records go in the domain's DNS. */
  readonly domain: string;
  /** The From of every e-mail, on that domain: `Retouch Studio <notifications@studio.example>`. */
  readonly from: string;
  /** The custom MAIL FROM subdomain (`mail.studio.example`); see StudioMailProps. */
  readonly mailFromDomain?: string;
  /**
   * Cognito sends through SES (true, the default), or through its own sender while a new domain is
   * not verified yet (Cognito refuses an unverified identity).
   */
  readonly cognitoSendsWithSes: boolean;
}

/**
 * Everything that holds data and must outlive a redeploy of the application: the table, the user
 * pool, the media and uploads buckets. All retained on stack deletion.
 */
export class DataStack extends Stack {
  readonly table: DataTable;
  /** Undefined only in the LocalStack free profile. */
  readonly accounts: StudioUserPool | undefined;
  /** The SES identity and configuration set every e-mail goes through (issue 18); see `mail`. */
  readonly mail: StudioMail | undefined;
  readonly mailFrom: string | undefined;
  readonly mediaBucket: PrivateBucket;
  readonly uploadsBucket: PrivateBucket;
  /** Job applicants' resumes and cover letters (issue 6): personal data, read only by the applications function. */
  readonly applicationsBucket: PrivateBucket;
  /**
   * Stripe's secret key and the webhook endpoint's signing secret (#16), read by the payments
   * function only. Created with random placeholder values; set the real ones by hand (README,
   * "Payments"). Retained: they outlive a redeploy like the data.
   */
  readonly stripeSecretKey: Secret;
  readonly stripeWebhookSecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    const { protectData, siteOrigins, withUserPool = true, mail, ...stackProps } = props;
    super(scope, id, { terminationProtection: protectData, ...stackProps });

    const accessLogs = new LogBucket(this, 'AccessLogs');

    this.table = new DataTable(this, 'Table', { deletionProtection: protectData });
    this.mail = mail
      ? new StudioMail(this, 'Mail', {
          domain: mail.domain,
          ...(mail.mailFromDomain ? { mailFromDomain: mail.mailFromDomain } : {}),
        })
      : undefined;
    this.mailFrom = mail?.from;
    const sesEmail =
      mail && this.mail && mail.cognitoSendsWithSes
        ? UserPoolEmail.withSES({
            fromEmail: bareAddress(mail.from),
            fromName: /^(.*?)\s*</.exec(mail.from)?.[1]?.replace(/^"|"$/g, '') || undefined,
            sesVerifiedDomain: mail.domain,
            configurationSetName: this.mail.configurationSet.configurationSetName,
          })
        : undefined;
    this.accounts = withUserPool
      ? new StudioUserPool(this, 'Accounts', { deletionProtection: protectData, email: sesEmail })
      : undefined;
    // Cognito checks the identity when the pool is set to send through it.
    if (sesEmail && this.accounts && this.mail) this.accounts.node.addDependency(this.mail);

    this.mediaBucket = new PrivateBucket(this, 'Media', {
      accessLogs,
      // An image replaced or deleted by mistake can be brought back for a month.
      versioned: true,
      lifecycleRules: [{ id: 'expire-replaced-images', noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudFront (origin access control) reads the public prefix only. Scoped to this account's
    // distributions rather than one distribution id, which lives in the app stack and would make the
    // stacks depend on each other; anything under media/ is public through the CDN anyway.
    this.mediaBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsPublicMedia',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects(`${bucketDefinitions.media.publicPrefix}*`)],
        conditions: {
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    const uploadRules = bucketDefinitions.uploads;
    this.uploadsBucket = new PrivateBucket(this, 'Uploads', {
      accessLogs,
      // Clients' photos and the studio's finished files: one overwritten or deleted by mistake (or
      // by a bug) can be brought back for 30 days (docs/deploy.md, "Restore"). What the rules below
      // expire becomes a noncurrent version and goes 30 days later.
      versioned: true,
      cors: [
        {
          // Presigned POST from the browser; the signed policy, not CORS, is what restricts uploads.
          allowedMethods: [HttpMethods.POST, HttpMethods.PUT, HttpMethods.GET],
          allowedOrigins: [...(siteOrigins?.length ? siteOrigins : ['https://*.cloudfront.net'])],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          // Objects the API never confirmed (tab closed mid-upload, wrong type) stay under pending/.
          id: 'expire-abandoned-uploads',
          prefix: 'pending/',
          expiration: Duration.days(bucketDefinitions.uploads.abandonedUploadDays),
        },
        // Job files (issue 15): a client's photos and a studio's finished files are posted tagged
        // upload=open; those never made part of a job (no job was created, a file was refused or
        // posted after the job closed its upload) expire with the tag. Files of a job are re-tagged
        // upload=job and stay. One tag filter, no per-object work at expiry: S3 applies the rule.
        ...[uploadRules.clientUploadPrefix, uploadRules.deliverablePrefix].map((prefix) => ({
          id: `expire-abandoned-${prefix.replace(/\/$/, '')}`,
          prefix,
          tagFilters: { [uploadRules.fileTagKey]: uploadRules.openTag },
          expiration: Duration.days(uploadRules.openUploadDays),
        })),
        // "Download all" zips: rebuilt on request once gone.
        {
          id: 'expire-archives',
          prefix: uploadRules.archivePrefix,
          expiration: Duration.days(uploadRules.archiveDays),
        },
        {
          // Invoices and receipts are rendered again for every download (#16).
          id: 'expire-rendered-invoices',
          prefix: uploadRules.invoicePrefix,
          expiration: Duration.days(uploadRules.renderedInvoiceDays),
        },
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'expire-replaced-and-deleted-files',
          noncurrentVersionExpiration: Duration.days(uploadRules.noncurrentVersionDays),
          // A delete marker left alone once its last noncurrent version is gone.
          expiredObjectDeleteMarker: true,
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const applications = bucketDefinitions.applications;
    this.applicationsBucket = new PrivateBucket(this, 'Applications', {
      accessLogs,
      // Not versioned: a deleted resume must really be gone.
      cors: [
        {
          // Presigned POST from the browser; the signed policy (key, type, content-length-range)
          // is what restricts uploads. Downloads are presigned GETs opened as a navigation.
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [...(siteOrigins?.length ? siteOrigins : ['https://*.cloudfront.net'])],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          // Files posted by the browser but never made part of an application (form abandoned,
          // refused, or already copied under applications/) go after a day.
          id: 'expire-abandoned-application-uploads',
          prefix: applications.uploadPrefix,
          expiration: Duration.days(applications.abandonedUploadDays),
        },
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const stripeSecret = (id: string, description: string) => {
      const secret = new Secret(this, id, { description, removalPolicy: RemovalPolicy.RETAIN });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'A Stripe key is issued by Stripe: it is rolled in the Stripe Dashboard and the new value put here by hand (README, "Payments"); Secrets Manager cannot rotate it.',
      });
      return secret;
    };
    this.stripeSecretKey = stripeSecret(
      'StripeSecretKey',
      'Stripe secret key (sk_live_... or a restricted rk_live_...) of the payments function. The stack stores a random placeholder: put the real key.',
    );
    this.stripeWebhookSecret = stripeSecret(
      'StripeWebhookSecret',
      'Signing secret (whsec_...) of the Stripe webhook endpoint <SiteUrl>/api/payments/stripe-webhook. The stack stores a random placeholder: put the real one.',
    );

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'StripeSecretKeyArn', { value: this.stripeSecretKey.secretArn });
    new CfnOutput(this, 'StripeWebhookSecretArn', { value: this.stripeWebhookSecret.secretArn });
    if (this.mail) {
      new CfnOutput(this, 'MailIdentity', { value: this.mail.identity.emailIdentityName });
      this.mail.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `MailDkimRecord${i + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: 'Add to the sending domain DNS; SES verifies the identity from it',
        });
      });
      if (this.mail.mailFromDomain) {
        new CfnOutput(this, 'MailFromMxRecord', {
          value: `${this.mail.mailFromDomain} MX 10 feedback-smtp.${this.region}.amazonses.com`,
          description: 'Add to the DNS: where bounces of the MAIL FROM domain go',
        });
        new CfnOutput(this, 'MailFromSpfRecord', {
          value: `${this.mail.mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
          description: 'Add to the DNS: SPF of the MAIL FROM domain',
        });
      }
    }
    if (this.accounts) {
      new CfnOutput(this, 'UserPoolId', { value: this.accounts.userPool.userPoolId });
      new CfnOutput(this, 'SiteClientId', { value: this.accounts.siteClient.userPoolClientId });
      new CfnOutput(this, 'StaffClientId', { value: this.accounts.staffClient.userPoolClientId });
    }
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
    new CfnOutput(this, 'ApplicationsBucketName', { value: this.applicationsBucket.bucketName });
  }
}
