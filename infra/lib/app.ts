import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack, type HandlerLogLevel } from './app-stack.ts';
import { DataStack } from './data-stack.ts';
import { EdgeStack } from './edge-stack.ts';

/** Everything the app needs from the outside world, read once by bin/app.ts (or given by a test). */
export interface AppSettings {
  /** Names the stacks (`RetouchStudio-<stage>-Data`, `-App`), so several stages can share an account. */
  readonly stage: string;
  /** Account and region; undefined parts leave the stacks environment-agnostic. */
  readonly env?: Environment;
  readonly logLevel: HandlerLogLevel;
  /** Deletion protection on the table and user pool, termination protection on the data stack. */
  readonly protectData: boolean;
  /** CORS origins of the uploads bucket; see DataStackProps. */
  readonly siteOrigins?: readonly string[];
  /** The built SPA, or undefined to skip the upload. */
  readonly webDistDir: string | undefined;
}

export interface StudioStacks {
  readonly data: DataStack;
  readonly app: AppStack;
  /** The us-east-1 stack holding the CDN's web ACL; absent when the app itself is in us-east-1. */
  readonly edge?: EdgeStack;
}

/**
 * Adds the stacks to `app` and registers the cdk-nag AWS Solutions checks, which run during
 * synthesis and fail it on any finding that is not acknowledged with a reason. Shared by
 * bin/app.ts and the tests so both check exactly the same thing.
 */
export function buildApp(app: App, settings: AppSettings): StudioStacks {
  const prefix = `RetouchStudio-${settings.stage}`;
  const data = new DataStack(app, `${prefix}-Data`, {
    env: settings.env,
    description: `Retouch studio ${settings.stage}: table, user pool, media and uploads (retained)`,
    protectData: settings.protectData,
    siteOrigins: settings.siteOrigins,
  });
  // CloudFront only takes web ACLs from us-east-1. An app in another region gets a small stack
  // there and reads the ACL's ARN across regions; an app in us-east-1 holds the ACL itself.
  const region = settings.env?.region;
  if (!region) throw new Error('Set the deployment region (CDK_DEFAULT_REGION): the CDN web ACL needs it.');
  const edge =
    region === 'us-east-1'
      ? undefined
      : new EdgeStack(app, `${prefix}-Edge`, {
          env: { account: settings.env?.account, region: 'us-east-1' },
          description: `Retouch studio ${settings.stage}: CDN web ACL (us-east-1)`,
          crossRegionReferences: true,
        });
  const application = new AppStack(app, `${prefix}-App`, {
    env: settings.env,
    crossRegionReferences: edge !== undefined,
    webAclArn: edge?.firewall.webAcl.attrArn,
    description: `Retouch studio ${settings.stage}: API functions, HTTP API, site and CDN`,
    data,
    logLevel: settings.logLevel,
    webDistDir: settings.webDistDir,
    // Where Stripe sends clients back: the first site origin given (e.g. the custom domain).
    siteUrl: settings.siteOrigins?.[0],
  });

  Tags.of(app).add('project', 'retouch-studio');
  Tags.of(app).add('stage', settings.stage);

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, app: application, edge };
}
