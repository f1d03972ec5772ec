import { Tags, Validations, type App, type Environment, type Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RouteGroup } from '@studio/shared/routes';
import { AppStack } from './app-stack.ts';
import { ClientApiStack } from './client-api-stack.ts';
import { DataStack, type MailSettings } from './data-stack.ts';
import { EdgeAlarmsStack, EdgeStack } from './edge-stack.ts';
import { FunctionsStack } from './functions-stack.ts';
import { MonitoringStack } from './monitoring-stack.ts';
import { WorkersStack } from './workers-stack.ts';
import { metricsNamespaceOf, type HandlerLogLevel, type SiteDomain } from './settings.ts';

/**
 * Which set of stacks to synthesize (settings.ts, `profile`):
 * - `aws`: the whole product (data, app, monitoring, and in us-east-1 the edge firewall, the
 *   certificate and the CDN's alarms);
 * - `localstack-full`: the same stacks, for LocalStack's paid edition (Cognito, HTTP APIs,
 *   CloudFront and WAF are not in the free one);
 * - `localstack-free`: only what LocalStack's free edition runs: the table, the buckets, and the
 *   route group functions with their roles and the origin secret (no user pool, API, CDN, WAF,
 *   alarms or budget). See README, "LocalStack".
 */
export { deploymentProfiles, type DeploymentProfile } from './settings.ts';

/** Everything the app needs from the outside world, read once by bin/app.ts (or given by a test). */
export interface AppSettings {
  /** Names the stacks (`RetouchStudio-<stage>-Data`, `-App`), so several stages can share an account. */
  readonly stage: string;
  /** Account and region; undefined parts leave the stacks environment-agnostic. */
  readonly env?: Environment;
  readonly logLevel: HandlerLogLevel;
  /** Deletion protection on the table and user pool, termination protection on the data stack. */
  readonly protectData: boolean;
  /** CORS origins of the uploads bucket; see DataStackProps. Required for production (a domain gives them). */
  readonly siteOrigins?: readonly string[];
  /** The built SPA, or undefined to skip the upload. */
  readonly webDistDir: string | undefined;
  /**
   * A production deployment: synthesis refuses to run without `siteOrigins`, since the default
   * (any *.cloudfront.net origin) would let every CloudFront site post to the upload buckets.
   * @default false
   */
  readonly production?: boolean;
  /** E-mail subscribed to the alarm topics (confirm the subscription once). */
  readonly alarmEmail?: string;
  /** Monthly cost budget of the account in USD, notified at 80 % actual and 100 % forecast. @default 50 */
  readonly monthlyBudgetUsd?: number;
  /**
   * Sending e-mail (issue 18): SES domain, From address, whether Cognito sends through SES.
   * @default placeholderMailSettings (synth only: a deploy needs the studio's own domain)
   */
  readonly mail?: MailSettings;
  /**
   * The site's public origin for links in e-mails, Stripe's way back to the site and the published
   * pages' URLs (canonical, Open Graph, structured data, sitemap); the first of `siteOrigins` when
   * absent, else the CloudFront domain (e-mails, published pages) or the caller's origin (Stripe).
   */
  readonly siteUrl?: string;
  /**
   * The site's own domain (settings.ts): certificate, aliases, the API's own name behind CloudFront
   * (execute-api disabled) and, with a hosted zone, the DNS records. Absent: a trial stage.
   */
  readonly domain?: SiteDomain;
  /** One site publication at a time by reserved concurrency; needs a concurrency quota above 10. @default false */
  readonly reservedConcurrency?: boolean;
}

export interface StudioStacks {
  readonly data: DataStack;
  readonly app: AppStack;
  /** The route groups that no longer fit the app stack (organisations), with their routes on its API. */
  readonly clientApi: ClientApiStack;
  /** The files and preview workers and the scheduled run, which read only the data stack. */
  readonly workers: WorkersStack;
  /** Alarms, dashboard and budget, in the app's region (and the CDN's alarms when that is us-east-1). */
  readonly monitoring: MonitoringStack;
  /** The us-east-1 stack of the CDN's web ACL and, with a hosted zone, its certificate. */
  readonly edge: EdgeStack;
  /** The us-east-1 stack of the CDN's and firewall's alarms; absent when the app is in us-east-1. */
  readonly edgeAlarms?: EdgeAlarmsStack;
}

/** Every stack of the product, in the order they deploy. */
export const stackList = (stacks: StudioStacks): Stack[] =>
  [stacks.data, stacks.edge, stacks.workers, stacks.app, stacks.clientApi, stacks.monitoring, stacks.edgeAlarms].filter(
    (stack): stack is NonNullable<typeof stack> => stack !== undefined,
  );

export interface LocalStackFreeStacks {
  readonly data: DataStack;
  readonly functions: FunctionsStack;
}

function tagAndCheck(app: App, stage: string): void {
  Tags.of(app).add('project', 'retouch-studio');
  Tags.of(app).add('stage', stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * The LocalStack free profile: the data stack without its user pool, and the functions stack.
 * Checked by cdk-nag like the full app.
 */
export function buildLocalStackFreeApp(app: App, settings: Omit<AppSettings, 'webDistDir'>): LocalStackFreeStacks {
  const prefix = `RetouchStudio-${settings.stage}`;
  const data = new DataStack(app, `${prefix}-Data`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: table, media and uploads (LocalStack free edition profile)`,
    protectData: settings.protectData,
    siteOrigins: settings.siteOrigins,
    withUserPool: false,
  });
  const functions = new FunctionsStack(app, `${prefix}-Functions`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: API functions only (LocalStack free edition profile)`,
    data,
    logLevel: settings.logLevel,
    stage: settings.stage,
  });
  tagAndCheck(app, settings.stage);
  return { data, functions };
}

export const defaultMonthlyBudgetUsd = 50;

/** E-mail settings for a synth without them (tests, a first look); bin/app.ts warns when used. */
export const placeholderMailSettings: MailSettings = {
  domain: 'studio.example',
  from: 'Retouch Studio <notifications@studio.example>',
  cognitoSendsWithSes: true,
};

/**
 * Adds the stacks to `app` and registers the cdk-nag AWS Solutions checks, which run during
 * synthesis and fail it on any finding that is not acknowledged with a reason. Shared by
 * bin/app.ts and the tests so both check exactly the same thing.
 */
export function buildApp(app: App, settings: AppSettings): StudioStacks {
  const prefix = `RetouchStudio-${settings.stage}`;
  if (settings.production && !settings.siteOrigins?.length && !settings.domain) {
    throw new Error(
      'A production synth needs the site origins for upload CORS: add -c domainName=studio.example.com (docs/deploy.md, step 4), or -c siteOrigins=https://your.site.example (comma-separated for several). Without them any *.cloudfront.net site could post to the upload buckets.',
    );
  }
  const siteOrigins =
    settings.siteOrigins ??
    (settings.domain
      ? [settings.domain.domainName, ...settings.domain.alternateDomainNames].map((name) => `https://${name}`)
      : undefined);
  const data = new DataStack(app, `${prefix}-Data`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: table, user pool, media and uploads (retained)`,
    protectData: settings.protectData,
    siteOrigins,
    mail: settings.mail ?? placeholderMailSettings,
  });
  const { accounts, mail, mailFrom } = data;
  if (!accounts) throw new Error('The data stack has no user pool.');
  if (!mail || !mailFrom) throw new Error('The data stack has no e-mail identity.');
  // CloudFront takes web ACLs and certificates from us-east-1 only: they are in a stack there,
  // whose ARNs the app stack reads (across regions when the app is elsewhere).
  const region = settings.env?.region;
  if (!region) throw new Error('Set the deployment region (CDK_DEFAULT_REGION): the CDN web ACL needs it.');
  const elsewhere = region !== 'us-east-1';
  const firewallMetricPrefix = `studio-${settings.stage}`;
  const domain = settings.domain;
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    env: { account: settings.env?.account, region: 'us-east-1' },
    description: `Retouch studio ${settings.stage}: CDN web ACL, its logs${domain?.hostedZoneId ? ' and certificate' : ''} (us-east-1)`,
    crossRegionReferences: elsewhere,
    firewallMetricPrefix,
    ...(domain?.hostedZoneId
      ? { domain: { names: [domain.domainName, ...domain.alternateDomainNames], hostedZoneId: domain.hostedZoneId } }
      : {}),
  });
  // Where Stripe sends clients back and e-mails link to: the site URL given, else the domain's,
  // else the first site origin.
  const siteUrl = settings.siteUrl ?? (domain ? `https://${domain.domainName}` : settings.siteOrigins?.[0]);
  const workers = new WorkersStack(app, `${prefix}-Workers`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: files and preview workers, scheduled run`,
    data: {
      table: data.table,
      accounts,
      mediaBucket: data.mediaBucket,
      uploadsBucket: data.uploadsBucket,
      applicationsBucket: data.applicationsBucket,
    },
    logLevel: settings.logLevel,
    metricsNamespace: metricsNamespaceOf(settings.stage),
    siteUrl,
    reservedConcurrency: settings.reservedConcurrency,
  });
  const application = new AppStack(app, `${prefix}-App`, {
    env: settings.env,
    crossRegionReferences: elsewhere,
    webAclArn: edge.firewall.webAcl.attrArn,
    description: `Retouch studio ${settings.stage}: API functions, HTTP API, site and CDN`,
    data: {
      table: data.table,
      accounts,
      mediaBucket: data.mediaBucket,
      uploadsBucket: data.uploadsBucket,
      applicationsBucket: data.applicationsBucket,
      stripeSecretKey: data.stripeSecretKey,
      stripeWebhookSecret: data.stripeWebhookSecret,
      mail,
      mailFrom,
    },
    workers: {
      filesWorker: workers.filesWorker.function,
      previewWorker: workers.previewWorker.function,
      webhookQueue: workers.webhooks.queue,
    },
    logLevel: settings.logLevel,
    webDistDir: settings.webDistDir,
    siteUrl,
    stage: settings.stage,
    domain,
    siteCertificateArn: edge.certificate?.certificateArn ?? domain?.certificateArn,
    reservedConcurrency: settings.reservedConcurrency,
    alarmEmailConfigured: settings.alarmEmail !== undefined,
  });
  // The groups that no longer fit the app stack (stack-sizes.ts): their functions, and their routes
  // on the app stack's HTTP API.
  const clientApi = new ClientApiStack(app, `${prefix}-ClientApi`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: organisations' functions and routes on the HTTP API`,
    functions: application.groupFunctionProps,
    api: { httpApiId: application.api.httpApi.apiId, authorizerId: application.api.authorizer.authorizerId },
  });
  const webAclMetricName = edge.firewall.metricName;
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: alarms, dashboard and budget`,
    stage: settings.stage,
    alarmEmail: settings.alarmEmail,
    monthlyBudgetUsd: settings.monthlyBudgetUsd ?? defaultMonthlyBudgetUsd,
    httpApi: application.api.httpApi,
    functions: { ...application.functions, ...clientApi.functions } as Record<RouteGroup, IFunction>,
    workers: [
      {
        id: 'FilesWorker',
        name: 'files worker',
        function: workers.filesWorker.function,
        deadLetters: workers.filesWorkerDeadLetters,
      },
      {
        id: 'PreviewWorker',
        name: 'preview worker',
        function: workers.previewWorker.function,
        deadLetters: workers.previewWorkerDeadLetters,
      },
      {
        id: 'ScheduledRun',
        name: 'scheduled run (auto-approval, overdue notices, open-jobs index)',
        function: workers.autoApproval.function.function,
        deadLetters: workers.autoApproval.deadLetterQueue,
      },
      {
        id: 'FiguresProjector',
        name: 'figures projector',
        function: workers.figuresProjector.function.function,
        deadLetters: workers.figuresProjector.deadLetterQueue,
      },
      {
        id: 'WebhookDispatcher',
        name: 'webhook dispatcher',
        function: workers.webhooks.dispatcher.function,
        deadLetters: workers.webhooks.dispatcherDeadLetters,
      },
      {
        id: 'WebhookWorker',
        name: 'webhook delivery worker',
        function: workers.webhooks.worker.function,
        deadLetters: workers.webhooks.deadLetterQueue,
      },
      {
        id: 'Notifier',
        name: 'notifier',
        function: application.notifier.function.function,
        deadLetters: application.notifier.deadLetterQueue,
      },
      ...(application.publisher
        ? [
            {
              id: 'Publisher',
              name: 'site publisher',
              function: application.publisher.function.function,
              deadLetters: application.publisher.deadLetterQueue,
            },
          ]
        : []),
    ],
    table: data.table,
    metricsNamespace: application.metricsNamespace,
    edge: { webAclMetricName, distributionId: application.site.distribution.distributionId },
  });
  // The CDN's and firewall's metrics exist only in us-east-1, and so must their alarms.
  const edgeAlarms = elsewhere
    ? new EdgeAlarmsStack(app, `${prefix}-EdgeAlarms`, {
        env: { account: settings.env?.account, region: 'us-east-1' },
        description: `Retouch studio ${settings.stage}: CDN and firewall alarms (us-east-1)`,
        crossRegionReferences: true,
        stage: settings.stage,
        alarmEmail: settings.alarmEmail,
        webAclMetricName,
        distributionId: application.site.distribution.distributionId,
      })
    : undefined;

  tagAndCheck(app, settings.stage);
  return { data, app: application, clientApi, workers, monitoring, edge, edgeAlarms };
}
