import { Annotations, CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { handlerEnvNames, siteUrlEnvName, stripeEnvNames } from '@studio/shared/platform';
import { routeGroups, routeList, type RouteGroup } from '@studio/shared/routes';
import type { DataStack } from './data-stack.ts';
import { GroupFunction } from './constructs/group-function.ts';
import { LogBucket } from './constructs/log-bucket.ts';
import { PrivateBucket } from './constructs/private-bucket.ts';
import { RouteTableApi } from './constructs/route-table-api.ts';
import { SiteDeployment } from './constructs/site-deployment.ts';
import { SiteDistribution } from './constructs/site-distribution.ts';
import { SiteFirewall } from './constructs/site-firewall.ts';
import { groupGrants } from './group-grants.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { grantTableData } from './table-access.ts';

export type HandlerLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AppStackProps extends StackProps {
  readonly data: Pick<
    DataStack,
    | 'table'
    | 'accounts'
    | 'mediaBucket'
    | 'uploadsBucket'
    | 'applicationsBucket'
    | 'stripeSecretKey'
    | 'stripeWebhookSecret'
  >;
  readonly logLevel: HandlerLogLevel;
  /** The built SPA to upload; undefined when there is no build (synth still works, nothing is deployed). */
  readonly webDistDir: string | undefined;
  /** The CDN's web ACL from the us-east-1 edge stack; absent: this stack is in us-east-1 and creates it. */
  readonly webAclArn?: string;
  /**
   * The site's public origin, where Stripe sends clients back after checkout (#16). Absent: the
   * origin the browser called the API from.
   */
  readonly siteUrl?: string;
}

function pascalCase(group: string): string {
  return group.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** The application: one function per route group, the HTTP API, the site bucket and the CDN. */
export class AppStack extends Stack {
  readonly functions: Readonly<Record<RouteGroup, IFunction>>;
  readonly api: RouteTableApi;
  readonly site: SiteDistribution;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { table, accounts, mediaBucket, uploadsBucket, applicationsBucket, stripeSecretKey, stripeWebhookSecret } =
      props.data;

    const logs = new LogBucket(this, 'Logs', { receivesCloudFrontLogs: true });
    // Built output only, rebuilt by every deploy: nothing to keep when the stack goes.
    const siteBucket = new PrivateBucket(this, 'SiteBucket', {
      accessLogs: logs,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const environment = {
      [handlerEnvNames.tableName]: table.tableName,
      [handlerEnvNames.mediaBucket]: mediaBucket.bucketName,
      [handlerEnvNames.uploadsBucket]: uploadsBucket.bucketName,
      [handlerEnvNames.applicationsBucket]: applicationsBucket.bucketName,
      [handlerEnvNames.userPoolId]: accounts.userPool.userPoolId,
      [handlerEnvNames.siteClientId]: accounts.siteClient.userPoolClientId,
      [handlerEnvNames.staffClientId]: accounts.staffClient.userPoolClientId,
      [handlerEnvNames.logLevel]: props.logLevel,
      ...(props.siteUrl ? { [siteUrlEnvName]: props.siteUrl } : {}),
    };
    // Only the ARNs: the function reads the keys from Secrets Manager once per container.
    const stripeEnvironment = {
      [stripeEnvNames.secretKeyArn]: stripeSecretKey.secretArn,
      [stripeEnvNames.webhookSecretArn]: stripeWebhookSecret.secretArn,
    };

    const functions = {} as Record<RouteGroup, IFunction>;
    for (const group of routeGroups) {
      const grants = groupGrants[group] ?? {};
      const groupFunction = new GroupFunction(this, `${pascalCase(group)}Function`, {
        group,
        environment: grants.stripeSecrets ? { ...environment, ...stripeEnvironment } : environment,
      });
      const { function: fn } = groupFunction;
      functions[group] = fn;

      // A group that only serves GETs cannot write, whatever its code does.
      const readOnly = routeList.filter((route) => route.group === group).every((route) => route.method === 'GET');
      grantTableData(table, fn, readOnly ? 'read' : 'readWrite');

      if (grants.userPool?.length) accounts.userPool.grant(fn, ...grants.userPool);
      if (grants.stripeSecrets === 'read') {
        stripeSecretKey.grantRead(fn);
        stripeWebhookSecret.grantRead(fn);
      }
      if (grants.mediaBucket === 'read') mediaBucket.grantRead(fn);
      if (grants.mediaBucket === 'readWrite') mediaBucket.grantReadWrite(fn);
      if (grants.uploadsBucket === 'put') uploadsBucket.grantPut(fn);
      if (grants.uploadsBucket === 'read') uploadsBucket.grantRead(fn);
      if (grants.uploadsBucket === 'readWrite') uploadsBucket.grantReadWrite(fn);
      if (grants.uploadsBucket) {
        const reason =
          'Upload keys are chosen per request (client-uploads/<userId>/<uploadId>/<id>), so the grant covers the objects of the one private uploads bucket; the handler scopes every key and prefix to the caller.';
        // Action wildcards (s3:Abort*, s3:List*...) as reported now; the object wildcard is reported
        // only after synthesis turns the bucket ARN into a cross-stack import, so it is spelled here
        // with the name of that export.
        acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
        const imported = this.resolve(Stack.of(uploadsBucket).exportValue(uploadsBucket.bucketArn)) as {
          'Fn::ImportValue': string;
        };
        // Both forms: the synthesis-time plugin reports under its namespace, a direct check without.
        const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
        Validations.of(groupFunction).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
      }
      if (grants.applicationsBucket === 'readWrite') {
        applicationsBucket.grantReadWrite(fn);
        const reason =
          'Applicant documents get a server-chosen key per upload (uploads/<id>.<ext>, applications/<applicationId>/...), so the grant covers the objects of the one private applications bucket, which only this function can reach.';
        acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
        const imported = this.resolve(Stack.of(applicationsBucket).exportValue(applicationsBucket.bucketArn)) as {
          'Fn::ImportValue': string;
        };
        const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
        Validations.of(groupFunction).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
      }
      if (grants.mediaBucket) {
        // Issue 5 part B: catalogue writers check that a named image exists; `images` publishes them.
        const reason =
          'Catalogue images get a server-chosen key per upload (media/images/<id>.<ext> and its variants), so the grant covers the objects of the public media bucket; handlers only check or write keys they generate.';
        acknowledgeNagFindings(groupFunction, { 'AwsSolutions-IAM5': reason });
        const imported = this.resolve(Stack.of(mediaBucket).exportValue(mediaBucket.bucketArn)) as {
          'Fn::ImportValue': string;
        };
        const finding = `AwsSolutions-IAM5[Resource::${imported['Fn::ImportValue']}/*]`;
        Validations.of(groupFunction).acknowledge({ id: `AwsSolutions::${finding}`, reason }, { id: finding, reason });
      }
    }
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
      webAclArn: props.webAclArn ?? new SiteFirewall(this, 'Firewall').webAcl.attrArn,
    });

    if (props.webDistDir) {
      new SiteDeployment(this, 'SiteDeployment', {
        siteBucket,
        distribution: this.site.distribution,
        sourceDir: props.webDistDir,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'studio:web-dist-missing',
        'No web build (web/dist/index.html): the site bucket is created but nothing is uploaded. Run `npm run build` before deploying.',
      );
    }

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.site.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.stage.url,
      description: 'Direct API Gateway URL; the site calls the same API at <SiteUrl>/api',
    });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
  }
}
