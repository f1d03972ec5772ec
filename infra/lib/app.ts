import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack, type HandlerLogLevel } from './app-stack.ts';
import { DataStack, type MailSettings } from './data-stack.ts';
import { EdgeAlarmsStack, EdgeStack } from './edge-stack.ts';
import { FunctionsStack } from './functions-stack.ts';

/**
 * Which set of stacks to synthesize:
 * - `aws`: the whole product (data, app, and in us-east-1 the edge firewall and its alarms);
 * - `localstack-full`: the same stacks, for LocalStack's paid edition (Cognito, HTTP APIs,
 *   CloudFront and WAF are not in the free one);
 * - `localstack-free`: only what LocalStack's free edition runs: the table, the buckets, and the
 *   route group functions with their roles and the origin secret (no user pool, API, CDN, WAF,
 *   alarms or budget). See README, "LocalStack".
 */
export const deploymentProfiles = ['aws', 'localstack-full', 'localstack-free'] as const;
export type DeploymentProfile = (typeof deploymentProfiles)[number];

/** Everything the app needs from the outside world, read once by bin/app.ts (or given by a test). */
export interface AppSettings {
  /** Names the stacks (`RetouchStudio-<stage>-Data`, `-App`), so several stages can share an account. */
  readonly stage: string;
  /** Account and region; undefined parts leave the stacks environment-agnostic. */
  readonly env?: Environment;
  readonly logLevel: HandlerLogLevel;
  /** Deletion protection on the table and user pool, termination protection on the data stack. */
  readonly protectData: boolean;
  /** CORS origins of the uploads bucket; see DataStackProps. Required for production. */
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
}

export interface StudioStacks {
  readonly data: DataStack;
  readonly app: AppStack;
  /** The us-east-1 stack holding the CDN's web ACL; absent when the app itself is in us-east-1. */
  readonly edge?: EdgeStack;
  /** The us-east-1 stack of the CDN's and firewall's alarms; absent when the app is in us-east-1. */
  readonly edgeAlarms?: EdgeAlarmsStack;
}

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
  if (settings.production && !settings.siteOrigins?.length) {
    throw new Error(
      'A production synth needs the site origins for upload CORS: add -c siteOrigins=https://your.site.example (comma-separated for several). Without them any *.cloudfront.net site could post to the upload buckets.',
    );
  }
  const data = new DataStack(app, `${prefix}-Data`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: table, user pool, media and uploads (retained)`,
    protectData: settings.protectData,
    siteOrigins: settings.siteOrigins,
    mail: settings.mail ?? placeholderMailSettings,
  });
  const { accounts, mail, mailFrom } = data;
  if (!accounts) throw new Error('The data stack has no user pool.');
  if (!mail || !mailFrom) throw new Error('The data stack has no e-mail identity.');
  // CloudFront only takes web ACLs from us-east-1. An app in another region gets a small stack
  // there and reads the ACL's ARN across regions; an app in us-east-1 holds the ACL itself.
  const region = settings.env?.region;
  if (!region) throw new Error('Set the deployment region (CDK_DEFAULT_REGION): the CDN web ACL needs it.');
  const firewallMetricPrefix = `studio-${settings.stage}`;
  const edge =
    region === 'us-east-1'
      ? undefined
      : new EdgeStack(app, `${prefix}-Edge`, {
          env: { account: settings.env?.account, region: 'us-east-1' },
          description: `Retouch studio ${settings.stage}: CDN web ACL and its logs (us-east-1)`,
          crossRegionReferences: true,
          firewallMetricPrefix,
        });
  const application = new AppStack(app, `${prefix}-App`, {
    env: settings.env,
    crossRegionReferences: edge !== undefined,
    webAclArn: edge?.firewall.webAcl.attrArn,
    description: `Retouch studio ${settings.stage}: API functions, HTTP API, site, CDN and alarms`,
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
    logLevel: settings.logLevel,
    webDistDir: settings.webDistDir,
    // Where Stripe sends clients back and e-mails link to: the site URL given, else the first
    // site origin (e.g. the custom domain).
    siteUrl: settings.siteUrl ?? settings.siteOrigins?.[0],
    stage: settings.stage,
    firewallMetricPrefix,
    alarmEmail: settings.alarmEmail,
    monthlyBudgetUsd: settings.monthlyBudgetUsd ?? defaultMonthlyBudgetUsd,
  });
  // The CDN's and firewall's metrics exist only in us-east-1, and so must their alarms.
  const edgeAlarms =
    edge === undefined
      ? undefined
      : new EdgeAlarmsStack(app, `${prefix}-EdgeAlarms`, {
          env: { account: settings.env?.account, region: 'us-east-1' },
          description: `Retouch studio ${settings.stage}: CDN and firewall alarms (us-east-1)`,
          crossRegionReferences: true,
          stage: settings.stage,
          alarmEmail: settings.alarmEmail,
          webAclMetricName: edge.firewall.metricName,
          distributionId: application.site.distribution.distributionId,
        });

  tagAndCheck(app, settings.stage);
  return { data, app: application, edge, edgeAlarms };
}
