import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties, CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { handlerEnvNames, operationsEnvNames, siteUrlEnvName } from '@studio/shared/platform';
import { alarmEmailEnvName, alarmEmailEnvValues } from '@studio/shared/studio-setup';
import type { RouteGroup } from '@studio/shared/routes';
import type { StudioMail } from './constructs/studio-mail.ts';
import type { StudioUserPool } from './constructs/user-pool.ts';
import type { DataStack } from './data-stack.ts';
import { LogBucket } from './constructs/log-bucket.ts';
import { Notifier } from './constructs/notifier.ts';
import { PrivateBucket } from './constructs/private-bucket.ts';
import { RouteTableApi } from './constructs/route-table-api.ts';
import { StudioFunction } from './constructs/group-function.ts';
import { authorizerEntry } from './bundle-settings.ts';
import { SiteDeployment } from './constructs/site-deployment.ts';
import { SiteDistribution } from './constructs/site-distribution.ts';
import { SitePublisher } from './constructs/site-publisher.ts';
import { appStackGroups } from './client-api-stack.ts';
import { addGroupFunctions, type GroupFunctionsProps } from './group-functions.ts';
import { rendererDirFor } from './paths.ts';
import { apiOriginName, metricsNamespaceOf, siteNames, type HandlerLogLevel, type SiteDomain } from './settings.ts';

export type { HandlerLogLevel } from './settings.ts';

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
  /** The workers the route groups start (workers-stack.ts): told their names, granted their invocation. */
  readonly workers: {
    readonly filesWorker: IFunction;
    readonly previewWorker: IFunction;
    /** The webhook delivery queue (#36) the webhooks group queues test events on. */
    readonly webhookQueue: IQueue;
  };
  readonly logLevel: HandlerLogLevel;
  /** The built SPA to upload; undefined when there is no build (synth still works, nothing is deployed). */
  readonly webDistDir: string | undefined;
  /** The CDN's web ACL, from the us-east-1 edge stack. */
  readonly webAclArn: string;
  /** Names the metrics namespace. */
  readonly stage: string;
  /**
   * The site's public origin: where Stripe sends clients back after checkout (#16; absent, the
   * origin the browser called the API from) and the links in e-mails (#18; absent, the CloudFront
   * domain); the published pages' URLs (#20; absent, the CloudFront domain).
   */
  readonly siteUrl?: string;
  /**
   * The site's own domain (issue 37): the distribution's names and certificate, the API's own
   * domain behind it (the execute-api endpoint then disabled) and, with a hosted zone, the DNS
   * records. Absent: a trial stage on the *.cloudfront.net name.
   */
  readonly domain?: SiteDomain;
  /** The distribution's certificate in us-east-1: the edge stack's, or the one given by `certificateArn`. */
  readonly siteCertificateArn?: string;
  /** One site publication at a time by reserved concurrency (needs a raised concurrency quota). */
  readonly reservedConcurrency?: boolean;
  /**
   * Whether the monitoring stacks subscribe an alarm e-mail (the `alarmEmail` setting): the owner's
   * checklist (#40) says so until one is (`GET api/studio/setup`, in the payments function).
   */
  readonly alarmEmailConfigured?: boolean;
}

/** The application: one function per route group, the HTTP API, the site bucket and the CDN. */
export class AppStack extends Stack {
  /** The functions of the groups this stack deploys (all but `clientApiGroups`). */
  readonly functions: Readonly<Partial<Record<RouteGroup, IFunction>>>;
  /** What every group function gets: the client API stack builds its groups' functions from it. */
  readonly groupFunctionProps: GroupFunctionsProps;
  readonly api: RouteTableApi;
  readonly site: SiteDistribution;
  /** Sends the e-mails of outbox items read from the table's stream (issue 18). */
  readonly notifier: Notifier;
  /** Publishes the public pages when their content changes (issue 20); absent without a build. */
  readonly publisher?: SitePublisher;
  /** The value CloudFront sends as the origin header; the functions read it (see origin-guard.ts). */
  readonly originSecret: Secret;
  /** Where the handlers' embedded-format metrics go (functions/src/lib/metrics.ts). */
  readonly metricsNamespace: string;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { table, accounts, mediaBucket, uploadsBucket, applicationsBucket } = props.data;

    const logs = new LogBucket(this, 'Logs', { receivesCloudFrontLogs: true });
    // Built output only, rebuilt by every deploy: nothing to keep when the stack goes.
    const siteBucket = new PrivateBucket(this, 'SiteBucket', {
      accessLogs: logs,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      // Releases are pruned by the publisher and the build replaced by each deploy; an upload cut
      // off midway leaves parts nobody sees.
      lifecycleRules: [
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
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
    const metricsNamespace = metricsNamespaceOf(props.stage);
    this.metricsNamespace = metricsNamespace;

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

    const groupFunctionProps: GroupFunctionsProps = {
      filesWorker: props.workers.filesWorker,
      previewWorker: props.workers.previewWorker,
      webhookQueue: props.workers.webhookQueue,
      environment,
      table,
      userPool: accounts.userPool,
      mediaBucket,
      uploadsBucket,
      applicationsBucket,
      originSecret: this.originSecret,
      stripeSecrets: { secretKey: props.data.stripeSecretKey, webhookSecret: props.data.stripeWebhookSecret },
      groupEnvironment: {
        payments: {
          [alarmEmailEnvName]: props.alarmEmailConfigured ? alarmEmailEnvValues.configured : alarmEmailEnvValues.none,
        },
      },
    };
    this.groupFunctionProps = groupFunctionProps;
    const functions = addGroupFunctions(this, groupFunctionProps, appStackGroups);
    this.functions = functions;

    const domain = props.domain;
    const zone = domain?.hostedZoneId ? HostedZone.fromHostedZoneId(this, 'Zone', domain.hostedZoneId) : undefined;
    // The API's own name behind CloudFront, with a certificate of this region: made and validated
    // in the hosted zone, or given (`originCertificateArn`) with the certificate form.
    let originCertificate: ICertificate | undefined;
    if (domain && zone) {
      originCertificate = new Certificate(this, 'ApiOriginCertificate', {
        domainName: apiOriginName(domain),
        validation: CertificateValidation.fromDns(zone),
      });
    } else if (domain?.originCertificateArn) {
      originCertificate = Certificate.fromCertificateArn(this, 'ApiOriginCertificate', domain.originCertificateArn);
    } else {
      Annotations.of(this).addWarningV2(
        'studio:execute-api-enabled',
        domain
          ? `No certificate for the API's own name ${apiOriginName(domain)} (-c originCertificateArn=...): CloudFront calls the execute-api endpoint, which stays enabled (docs/deploy.md, step 4).`
          : 'No domain (-c domainName=...): a trial stage; CloudFront calls the execute-api endpoint, which stays enabled.',
      );
    }
    // The authorizer reads one item per API key (its hash) and nothing else; Cognito tokens are
    // checked against the pool's public keys (fetched over the internet, no permission needed).
    const authorizer = new StudioFunction(this, 'Authorizer', {
      entry: authorizerEntry,
      description: 'HTTP API authorizer: Cognito tokens and API keys',
      roleDescription: 'Runs the HTTP API authorizer',
      serviceName: 'authorizer',
      memorySize: 256,
      timeout: Duration.seconds(5),
      nativeModules: [],
      environment,
    });
    authorizer.function.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [table.tableArn] }),
    );
    this.api = new RouteTableApi(this, 'Api', {
      functions,
      authorizerFunction: authorizer.function,
      ...(domain && originCertificate
        ? { originDomain: { name: apiOriginName(domain), certificate: originCertificate } }
        : {}),
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
      webAclArn: props.webAclArn,
      originSecret: this.originSecret,
      ...(domain && props.siteCertificateArn
        ? {
            domain: {
              names: siteNames(domain),
              certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', props.siteCertificateArn),
            },
          }
        : {}),
    });
    if (domain && !props.siteCertificateArn)
      throw new Error('A domain needs the certificate of the edge stack or certificateArn.');

    if (domain && zone) {
      // The site's names point at the distribution, the API's own name at its regional endpoint.
      const site = RecordTarget.fromAlias(new CloudFrontTarget(this.site.distribution));
      siteNames(domain).forEach((name, index) => {
        const id = index === 0 ? 'Site' : `SiteAlternate${index}`;
        new ARecord(this, `${id}Ipv4`, { zone, recordName: `${name}.`, target: site });
        new AaaaRecord(this, `${id}Ipv6`, { zone, recordName: `${name}.`, target: site });
      });
      const originDomain = this.api.originDomain!;
      new ARecord(this, 'ApiOriginRecord', {
        zone,
        recordName: `${apiOriginName(domain)}.`,
        target: RecordTarget.fromAlias(
          new ApiGatewayv2DomainProperties(originDomain.regionalDomainName, originDomain.regionalHostedZoneId),
        ),
      });
    }
    // The stream consumers (notifier, site publisher) read the table, not requests: no origin secret.
    const { [operationsEnvNames.originSecretArn]: _originSecret, ...consumerEnvironment } = environment;
    this.notifier = new Notifier(this, 'Notifier', {
      table,
      userPool: accounts.userPool,
      environment: consumerEnvironment,
      mail: props.data.mail,
      mailFrom: props.data.mailFrom,
      siteUrl: props.siteUrl ?? `https://${this.site.distribution.distributionDomainName}`,
    });

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
        publishAfter: deployment.deployments,
        oneAtATime: props.reservedConcurrency ?? false,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'studio:web-dist-missing',
        'No web build (web/dist/index.html): the site bucket is created but nothing is uploaded. Run `npm run build` before deploying.',
      );
    }

    // No API Gateway URL: the API answers only through the CDN, at <SiteUrl>/api.
    new CfnOutput(this, 'SiteUrl', {
      value: props.siteUrl ?? `https://${this.site.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.site.distribution.distributionDomainName,
      description: domain?.certificateArn
        ? `Point ${siteNames(domain).join(', ')} at this name in your DNS (CNAME, or ALIAS/ANAME at the zone apex)`
        : 'The CloudFront name of the site',
    });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    if (domain?.certificateArn && this.api.originDomain) {
      new CfnOutput(this, 'ApiOriginRecord', {
        value: `${apiOriginName(domain)} CNAME ${this.api.originDomain.regionalDomainName}`,
        description: "Add to your DNS: the API's own name, which only CloudFront calls",
      });
    }
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: 'The origin header secret (its ARN, not its value), for npm run rotate-origin-secret',
    });
  }
}
