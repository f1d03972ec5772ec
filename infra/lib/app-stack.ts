import { Annotations, CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { handlerEnvNames, operationsEnvNames, siteUrlEnvName } from '@studio/shared/platform';
import type { RouteGroup } from '@studio/shared/routes';
import type { StudioMail } from './constructs/studio-mail.ts';
import type { StudioUserPool } from './constructs/user-pool.ts';
import type { DataStack } from './data-stack.ts';
import type { StudioFunction } from './constructs/group-function.ts';
import { EdgeAlarms } from './constructs/edge-alarms.ts';
import { LogBucket } from './constructs/log-bucket.ts';
import { AutoApproval } from './constructs/auto-approval.ts';
import { Notifier } from './constructs/notifier.ts';
import { OperationsMonitoring } from './constructs/operations-monitoring.ts';
import { PrivateBucket } from './constructs/private-bucket.ts';
import { RouteTableApi } from './constructs/route-table-api.ts';
import { SiteDeployment } from './constructs/site-deployment.ts';
import { SiteDistribution } from './constructs/site-distribution.ts';
import { SiteFirewall } from './constructs/site-firewall.ts';
import { SitePublisher } from './constructs/site-publisher.ts';
import { addFilesWorker, addGroupFunctions } from './group-functions.ts';
import { addImageWorkerAlarms, addPreviewWorker, allowSelfInvoke } from './image-workers.ts';
import { rendererDirFor } from './paths.ts';

export type HandlerLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AppStackProps extends StackProps {
  readonly data: Pick<
    DataStack,
    'table' | 'mediaBucket' | 'uploadsBucket' | 'applicationsBucket' | 'stripeSecretKey' | 'stripeWebhookSecret'
  > & {
    readonly accounts: StudioUserPool;
    /** The SES identity and the From address the notifier sends with (issue 18). */
    readonly mail: StudioMail;
    readonly mailFrom: string;
  };
  readonly logLevel: HandlerLogLevel;
  /** The built SPA to upload; undefined when there is no build (synth still works, nothing is deployed). */
  readonly webDistDir: string | undefined;
  /** The CDN's web ACL from the us-east-1 edge stack; absent: this stack is in us-east-1 and creates it. */
  readonly webAclArn?: string;
  /** Names metrics and the dashboard. */
  readonly stage: string;
  /** Prefix of the web ACL's metric names (shared with the edge stack's ACL). */
  readonly firewallMetricPrefix: string;
  /** Who gets the alarms and budget notices; see OperationsMonitoring. */
  readonly alarmEmail?: string;
  readonly monthlyBudgetUsd: number;
  /**
   * The site's public origin: where Stripe sends clients back after checkout (#16; absent, the
   * origin the browser called the API from) and the links in e-mails (#18; absent, the CloudFront
   * domain); the published pages' URLs (#20; absent, the CloudFront domain).
   */
  readonly siteUrl?: string;
}

/** The application: one function per route group, the HTTP API, the site bucket and the CDN. */
export class AppStack extends Stack {
  readonly functions: Readonly<Record<RouteGroup, IFunction>>;
  /** Background work of a job's files: archives, keeping a job's photos (issue 15). */
  readonly filesWorker: StudioFunction;
  readonly api: RouteTableApi;
  readonly site: SiteDistribution;
  readonly monitoring: OperationsMonitoring;
  /** Sends the e-mails of outbox items read from the table's stream (issue 18). */
  readonly notifier: Notifier;
  readonly autoApproval: AutoApproval;
  /** Publishes the public pages when their content changes (issue 20); absent without a build. */
  readonly publisher?: SitePublisher;
  /** The value CloudFront sends as the origin header; the functions read it (see origin-guard.ts). */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { table, accounts, mediaBucket, uploadsBucket, applicationsBucket } = props.data;

    const logs = new LogBucket(this, 'Logs', { receivesCloudFrontLogs: true });
    // Built output only, rebuilt by every deploy: nothing to keep when the stack goes.
    const siteBucket = new PrivateBucket(this, 'SiteBucket', {
      accessLogs: logs,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // Rotate with `npm run rotate-origin-secret` (README, "Deploying"): it changes the secret, then
    // CloudFront's header, and the functions accept the current and the previous value meanwhile.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'Value of the x-origin-verify header CloudFront adds to API requests',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating this value means changing the CloudFront origin header at the same time, which a Secrets Manager rotation function would have to do by updating the distribution; it is rotated by `npm run rotate-origin-secret` instead, and the functions accept the current and the previous value so nothing breaks meanwhile.',
    });
    const metricsNamespace = `RetouchStudio/${props.stage}`;

    const environment = {
      [handlerEnvNames.tableName]: table.tableName,
      [handlerEnvNames.mediaBucket]: mediaBucket.bucketName,
      [handlerEnvNames.uploadsBucket]: uploadsBucket.bucketName,
      [handlerEnvNames.applicationsBucket]: applicationsBucket.bucketName,
      [handlerEnvNames.userPoolId]: accounts.userPool.userPoolId,
      [handlerEnvNames.siteClientId]: accounts.siteClient.userPoolClientId,
      [handlerEnvNames.staffClientId]: accounts.staffClient.userPoolClientId,
      [handlerEnvNames.logLevel]: props.logLevel,
      [operationsEnvNames.originSecretArn]: this.originSecret.secretArn,
      [operationsEnvNames.metricsNamespace]: metricsNamespace,
      ...(props.siteUrl ? { [siteUrlEnvName]: props.siteUrl } : {}),
    };

    const filesWorker = addFilesWorker(this, { environment, table, uploadsBucket });
    this.filesWorker = filesWorker;
    allowSelfInvoke(filesWorker);
    const previewWorker = addPreviewWorker(this, { environment, table, uploadsBucket });
    const functions = addGroupFunctions(this, {
      filesWorker: filesWorker.function,
      previewWorker: previewWorker.function,
      environment,
      table,
      userPool: accounts.userPool,
      mediaBucket,
      uploadsBucket,
      applicationsBucket,
      originSecret: this.originSecret,
      stripeSecrets: { secretKey: props.data.stripeSecretKey, webhookSecret: props.data.stripeWebhookSecret },
    });
    this.functions = functions;

    this.api = new RouteTableApi(this, 'Api', {
      functions,
      issuer: accounts.issuerUrl,
      audiences: [accounts.siteClient.userPoolClientId, accounts.staffClient.userPoolClientId],
    });

    // Imported by attributes so that the origin does not try to edit the data stack's bucket policy.
    const mediaOrigin = Bucket.fromBucketAttributes(this, 'MediaOriginBucket', {
      bucketArn: mediaBucket.bucketArn,
      bucketName: mediaBucket.bucketName,
      bucketRegionalDomainName: mediaBucket.bucketRegionalDomainName,
    });
    this.site = new SiteDistribution(this, 'Cdn', {
      siteBucket,
      mediaBucket: mediaOrigin,
      apiDomainName: this.api.domainName,
      // The virtual-hosted regional endpoint, which is where SDK v3 points presigned POSTs.
      uploadsOrigin: `https://${uploadsBucket.bucketName}.s3.${this.region}.${this.urlSuffix}`,
      applicationsOrigin: `https://${applicationsBucket.bucketName}.s3.${this.region}.${this.urlSuffix}`,
      logBucket: logs,
      webAclArn:
        props.webAclArn ??
        new SiteFirewall(this, 'Firewall', { metricPrefix: props.firewallMetricPrefix }).webAcl.attrArn,
      originSecret: this.originSecret,
    });
    const webAclMetricName = `${props.firewallMetricPrefix}-web-acl`;

    this.monitoring = new OperationsMonitoring(this, 'Monitoring', {
      stage: props.stage,
      alarmEmail: props.alarmEmail,
      monthlyBudgetUsd: props.monthlyBudgetUsd,
      httpApi: this.api.httpApi,
      functions,
      table,
      metricsNamespace,
      edge: { webAclMetricName, distributionId: this.site.distribution.distributionId },
    });
    addImageWorkerAlarms(this, {
      topic: this.monitoring.topic,
      metricsNamespace,
      filesWorker: filesWorker.function,
      previewWorker: previewWorker.function,
    });
    // The stream consumers (notifier, site publisher) read the table, not requests: no origin secret.
    const { [operationsEnvNames.originSecretArn]: _originSecret, ...consumerEnvironment } = environment;
    this.notifier = new Notifier(this, 'Notifier', {
      table,
      userPool: accounts.userPool,
      environment: consumerEnvironment,
      mail: props.data.mail,
      mailFrom: props.data.mailFrom,
      siteUrl: props.siteUrl ?? `https://${this.site.distribution.distributionDomainName}`,
      alarmTopic: this.monitoring.topic,
    });
    // Issue 17: deliveries not answered in time are approved; it reads the table, not requests.
    this.autoApproval = new AutoApproval(this, 'AutoApproval', { table, environment: consumerEnvironment });

    // The CDN's and firewall's alarms must sit in us-east-1 with their metrics: here when this stack
    // is there, otherwise in the -EdgeAlarms stack (app.ts).
    if (!props.webAclArn) {
      new EdgeAlarms(this, 'EdgeAlarms', {
        topic: this.monitoring.topic,
        webAclMetricName,
        distributionId: this.site.distribution.distributionId,
      });
    }

    if (props.webDistDir) {
      const deployment = new SiteDeployment(this, 'SiteDeployment', {
        siteBucket,
        distribution: this.site.distribution,
        sourceDir: props.webDistDir,
      });
      this.publisher = new SitePublisher(this, 'Publisher', {
        table,
        siteBucket,
        environment: consumerEnvironment,
        siteUrl: props.siteUrl ?? `https://${this.site.distribution.distributionDomainName}`,
        rendererDir: rendererDirFor(props.webDistDir),
        releaseStore: this.site.releaseStore,
        alarmTopic: this.monitoring.topic,
        publishAfter: deployment.deployments,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'studio:web-dist-missing',
        'No web build (web/dist/index.html): the site bucket is created but nothing is uploaded. Run `npm run build` before deploying.',
      );
    }

    // No API Gateway URL: the API answers only through the CDN, at <SiteUrl>/api.
    new CfnOutput(this, 'SiteUrl', { value: `https://${this.site.distribution.distributionDomainName}` });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: 'The origin header secret (its ARN, not its value), for npm run rotate-origin-secret',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
  }
}
