import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketDefinitions,
  handlerEnvNames,
  operationsEnvNames,
  originHeaderName,
  stripeEnvNames,
  staffRoles,
  tableDefinition,
  userPoolDefinition,
} from '@studio/shared/platform';
import { apiKeyRevocationSeconds } from '@studio/shared/api-keys';
import { notifierEnvNames, outboxStreamFilter } from '@studio/shared/notifications';
import { routeGroups, routeList } from '@studio/shared/routes';
import { otherSecurityHeaders } from '@studio/shared/security-headers';
import { sessionMarkScript } from '@studio/shared/session-mark';
import {
  publishBatchWindowSeconds,
  publishedContentStreamFilter,
  publisherEnvNames,
} from '@studio/shared/site-publishing';
import { figuresStreamFilters } from '@studio/shared/studio-overview';
import { alarmEmailEnvName, alarmEmailEnvValues } from '@studio/shared/studio-setup';
import { webhookEnvNames } from '@studio/shared/webhooks';
import { buildApp, type AppSettings, type StudioStacks } from '../lib/app.ts';
import { bundleExternals, packageFiles } from '../lib/bundle-settings.ts';
import { groupFunctionDescriptionPrefix, streamConsumerDescriptionPrefix } from '../lib/constructs/group-function.ts';
import { groupGrants } from '../lib/group-grants.ts';
import { repoRoot } from '../lib/paths.ts';
import { fakeWebBuild } from './synth-support.ts';

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };
type Resources = Record<string, Resource>;

/** The feature flags and context of cdk.json, so the test synthesizes what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
}

function newApp(outdir: string, extraContext: Record<string, unknown> = {}): App {
  return new App({ outdir, context: { ...cdkJsonContext(), ...extraContext } });
}

const settings: Omit<AppSettings, 'webDistDir'> = {
  stage: 'test',
  env: { region: 'eu-west-1' },
  logLevel: 'info',
  protectData: true,
};

function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** Every JavaScript file of a staged function asset (the entry and its chunks), joined. */
function bundleText(assetDir: string): string {
  return (readdirSync(assetDir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.mjs') && !file.startsWith('node_modules'))
    .map((file) => readFileSync(join(assetDir, file), 'utf8'))
    .join('\n');
}

/** The entry of a staged function asset and the chunks it imports statically: what a cold start evaluates. */
function coldStartFiles(assetDir: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(assetDir, file), 'utf8');
    for (const [, imported] of text.matchAll(/from\s*"(\.\/[\w./-]+\.mjs)"/g)) {
      visit(posix.join(posix.dirname(file), imported!));
    }
  };
  visit('index.mjs');
  return files;
}

function onlyResource(template: Template, type: string): Resource {
  const found = Object.values(resourcesOf(template, type));
  expect(found).toHaveLength(1);
  return found[0]!;
}

const tmp = mkdtempSync(join(tmpdir(), 'infra-test-'));
let app: App;
let stacks: StudioStacks;
let data: Template;
let application: Template;
let workers: Template;
/** The client API stack: the route groups that no longer fit the app stack, on its HTTP API. */
let clientApi: Template;

/** Where synthesis staged a function's bundle: its code's S3 key is `<asset hash>.zip`, the folder `asset.<hash>`. */
function stagedAssetDir(fn: Resource | undefined, name: string): string {
  const key = (fn?.Properties?.Code as { S3Key?: unknown } | undefined)?.S3Key;
  if (typeof key !== 'string') throw new Error(`no code asset for ${name}`);
  return join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`);
}

beforeAll(() => {
  // A stand-in for `web/dist` and its renderer, so the site upload is synthesized (and nag-checked) without a web build.
  const webDist = fakeWebBuild(tmp);
  app = newApp(join(tmp, 'cdk.out'));
  stacks = buildApp(app, { ...settings, webDistDir: webDist });
  // One synthesis (esbuild bundles every group) shared by every test below. The cdk-nag checks run
  // inside it: an unacknowledged finding throws here, failing the suite with the nag report.
  app.synth();
  data = Template.fromStack(stacks.data);
  application = Template.fromStack(stacks.app);
  workers = Template.fromStack(stacks.workers);
  clientApi = Template.fromStack(stacks.clientApi);
});

/** Resources of a type in the stacks that hold route group functions and routes (app, client API). */
function apiResources(type: string): Resources {
  return { ...resourcesOf(application, type), ...resourcesOf(clientApi, type) };
}

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('cdk-nag', () => {
  it('finds nothing that is not acknowledged with a reason', () => {
    // Synthesis succeeded (beforeAll); check again directly, listing whatever slipped through.
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources[0]?.constructPath}`),
    ).toEqual([]);
  });
});

describe('route group functions', () => {
  function groupFunctions(): Resources {
    return Object.fromEntries(
      Object.entries(apiResources('AWS::Lambda::Function')).filter(([, fn]) =>
        String(fn.Properties?.Description ?? '').startsWith(groupFunctionDescriptionPrefix),
      ),
    );
  }

  /** The staged bundle of the route group `group`'s function. */
  function groupAssetDir(group: string): string {
    const [fn] = Object.values(groupFunctions()).filter(
      (candidate) => candidate.Properties?.Description === `${groupFunctionDescriptionPrefix} ${group}`,
    );
    return stagedAssetDir(fn, group);
  }

  it('creates exactly one function per route group', () => {
    const descriptions = Object.values(groupFunctions()).map((fn) => fn.Properties?.Description);
    expect(descriptions.sort()).toEqual(routeGroups.map((g) => `${groupFunctionDescriptionPrefix} ${g}`).sort());
  });

  it('runs every group on nodejs22.x, arm64, 512 MB, 10 s (images, uploads: 1536 MB, 28 s), with its own log group', () => {
    for (const fn of Object.values(groupFunctions())) {
      const resizes = ['images', 'uploads'].some(
        (group) => fn.Properties?.Description === `${groupFunctionDescriptionPrefix} ${group}`,
      );
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: resizes ? 1536 : 512,
        Timeout: resizes ? 28 : 10,
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: expect.anything() },
      });
    }
    const retentions = Object.values(resourcesOf(application, 'AWS::Logs::LogGroup')).map(
      (group) => group.Properties?.RetentionInDays,
    );
    expect(retentions.every((days) => typeof days === 'number' && days > 0)).toBe(true);
  });

  it('ships sharp built for linux-arm64 with the images and uploads functions, and with no other', () => {
    const images = groupAssetDir('images');
    expect(existsSync(join(images, 'node_modules', 'sharp', 'package.json'))).toBe(true);
    expect(existsSync(join(images, 'node_modules', '@img', 'sharp-linux-arm64', 'package.json'))).toBe(true);
    expect(existsSync(join(images, 'node_modules', '@img', 'sharp-linux-x64'))).toBe(false);
    // The bundle loads sharp from node_modules rather than carrying a copy that lacks the binary.
    expect(bundleText(images)).toContain('"sharp"');
    // Issue 15: confirming a client's photo makes its preview.
    expect(
      existsSync(join(groupAssetDir('uploads'), 'node_modules', '@img', 'sharp-linux-arm64', 'package.json')),
    ).toBe(true);
    expect(existsSync(join(groupAssetDir('services'), 'node_modules'))).toBe(false);
    expect(existsSync(join(groupAssetDir('job-files'), 'node_modules'))).toBe(false);
  });

  it('gives every group the handler configuration, and the groups that call Stripe its secrets ARNs only', () => {
    // Payments (#16), and jobs, which expires the checkout of a cancelled job (#32).
    const stripeGroups = routeGroups.filter((group) => groupGrants[group]?.stripeSecrets);
    expect(stripeGroups.sort()).toEqual(['jobs', 'payments']);
    for (const fn of Object.values(groupFunctions())) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      // The origin secret by its ARN (never the value itself), and the metrics namespace; the
      // groups that call Stripe also the Stripe secrets' ARNs.
      const group = String(fn.Properties?.Description).slice(groupFunctionDescriptionPrefix.length + 1);
      // The webhook's secret only where webhooks are verified (payments); jobs gets the key alone.
      const grant = groupGrants[group as keyof typeof groupGrants]?.stripeSecrets;
      const stripe =
        grant === 'read'
          ? [stripeEnvNames.secretKeyArn, stripeEnvNames.webhookSecretArn]
          : grant === 'secretKey'
            ? [stripeEnvNames.secretKeyArn]
            : [];
      expect(Boolean(grant), group).toBe((stripeGroups as string[]).includes(group));
      const deployed = [operationsEnvNames.originSecretArn, operationsEnvNames.metricsNamespace];
      // Only the groups that start background work are told the files worker's name (issue 15).
      // Likewise the preview worker's, to the groups that confirm files (#33).
      const grants = groupGrants[group as keyof typeof groupGrants];
      const names = Object.values(handlerEnvNames).filter(
        (name) =>
          (name !== handlerEnvNames.filesWorkerFunction || grants?.filesWorker) &&
          (name !== handlerEnvNames.previewWorkerFunction || grants?.previewWorker),
      );
      // Powertools' service name (`api` for every group: log lines name the group) and log sampling.
      const powertools = [operationsEnvNames.serviceName, operationsEnvNames.logSampleRate];
      // The owner's checklist (#40), in the payments function: whether an alarm e-mail is
      // subscribed (none in these settings).
      const checklist = group === 'payments' ? [alarmEmailEnvName] : [];
      // The delivery queue's URL, to the group that queues test events (#36: webhooks).
      const queue = grants?.webhookQueue ? [webhookEnvNames.queueUrl] : [];
      expect(Object.keys(variables).sort(), group).toEqual(
        [...names, ...deployed, ...stripe, ...checklist, ...queue, ...powertools, 'NODE_OPTIONS'].sort(),
      );
      if (group === 'payments') expect(variables[alarmEmailEnvName]).toBe(alarmEmailEnvValues.none);
      expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(variables[operationsEnvNames.serviceName]).toBe('api');
      expect(Number(variables[operationsEnvNames.logSampleRate])).toBeGreaterThan(0);
      expect(variables[operationsEnvNames.metricsNamespace]).toBe('RetouchStudio/test');
      expect(variables[operationsEnvNames.originSecret]).toBeUndefined();
      // Never a Stripe key itself in the environment: only where Secrets Manager keeps it.
      expect(JSON.stringify(variables)).not.toMatch(/sk_(live|test)_|whsec_/);
    }
  });

  it('traces every group function with X-Ray', () => {
    const functions = Object.values(groupFunctions());
    expect(functions).toHaveLength(routeGroups.length);
    for (const fn of functions) {
      expect(fn.Properties?.TracingConfig, String(fn.Properties?.Description)).toEqual({ Mode: 'Active' });
      // ...and loads the X-Ray SDK at its cold start (`#tracing` with the bundles' `lambda`
      // condition: functions/src/lib/tracing-xray.ts, not the tracing-off.ts of local runs).
      const dir = stagedAssetDir(fn, String(fn.Properties?.Description));
      const coldStart = [...coldStartFiles(dir)].map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
      expect(coldStart.includes('"AWSXRay"'), String(fn.Properties?.Description)).toBe(true);
    }
  });

  it("bundles the AWS SDK into every function instead of loading the runtime's copy", () => {
    const sdkVersion = (
      JSON.parse(readFileSync(join(repoRoot, 'functions', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      }
    ).dependencies['@aws-sdk/client-dynamodb'];
    // No SDK package is left out of a bundle...
    expect(bundleExternals.filter((name) => name.startsWith('@aws-sdk') || name.startsWith('@smithy'))).toEqual([]);
    for (const [id, fn] of Object.entries(groupFunctions())) {
      const bundle = bundleText(stagedAssetDir(fn, id));
      // ...so the staged bundle loads no SDK package at run time and carries the client itself.
      // (Error messages may name `require("@aws-sdk/...")` as advice, inside brackets.)
      const loads = /(from\s*|(?<!\[)(import|require)\(\s*)["']@aws-sdk\//.exec(bundle);
      expect(loads?.[0], id).toBeUndefined();
      expect(bundle.includes('x-amz-user-agent'), id).toBe(true);
      // The SDK as published: its own default credential chain, its clients' package.json whole.
      expect(bundle.includes('AWS_WEB_IDENTITY_TOKEN_FILE'), id).toBe(true);
      expect(bundle.includes(`version:"${sdkVersion}"`), id).toBe(true);
    }
  });

  it("gives each function its own group's routes only", () => {
    for (const [id, fn] of Object.entries(groupFunctions())) {
      const group = String(fn.Properties?.Description).slice(groupFunctionDescriptionPrefix.length + 1);
      const bundle = bundleText(stagedAssetDir(fn, id));
      const own = new Set(routeList.filter((route) => route.group === group).map((route) => route.path));
      for (const path of own) expect(bundle.includes(`"${path}"`), `${group}: ${path}`).toBe(true);
      for (const route of routeList.filter((r) => !own.has(r.path))) {
        expect(bundle.includes(`"${route.path}"`), `${group}: ${route.path}`).toBe(false);
      }
    }
  });

  it('loads the Cognito client of jobs with the first assignment, not at every cold start', () => {
    const dir = groupAssetDir('jobs');
    const coldStart = coldStartFiles(dir);
    const cognito = 'AWSCognitoIdentityProviderService';
    for (const file of coldStart) expect(readFileSync(join(dir, file), 'utf8').includes(cognito), file).toBe(false);
    expect(bundleText(dir).includes(cognito)).toBe(true);
  });

  it('ships the fonts of the invoice next to the documents bundle, and loads pdfkit with the first invoice', () => {
    const dir = groupAssetDir('documents');
    for (const { package: name, files } of packageFiles.documents!) {
      for (const file of files)
        expect(statSync(join(dir, 'node_modules', name, file)).size, file).toBeGreaterThan(100_000);
      // The fonts' licence travels with them.
      expect(
        readdirSync(join(dir, 'node_modules', name)).some((entry) => /^(LICENSE|OFL)/.test(entry)),
        name,
      ).toBe(true);
    }
    for (const file of coldStartFiles(dir)) {
      expect(readFileSync(join(dir, file), 'utf8').includes('[object PDFDocument]'), file).toBe(false);
    }
    expect(bundleText(dir).includes('[object PDFDocument]')).toBe(true);
  });

  it('lets read-only groups read the table but not write it', () => {
    const policies = Object.values(apiResources('AWS::IAM::Policy'));
    const actionsOf = (group: string): string[] => {
      const [fnId] = Object.entries(groupFunctions()).find(
        ([, fn]) => fn.Properties?.Description === `${groupFunctionDescriptionPrefix} ${group}`,
      )!;
      const roleRef = (groupFunctions()[fnId]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      return policies
        .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef))
        .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
        .flatMap((s) => [s.Action].flat());
    };
    for (const group of routeGroups) {
      const actions = actionsOf(group);
      const readOnly = routeList.filter((r) => r.group === group).every((r) => r.method === 'GET');
      expect(actions).toContain('dynamodb:Query');
      expect(actions.includes('dynamodb:PutItem')).toBe(!readOnly);
      // Only the groups granted an uploads bucket level in group-grants.ts touch a bucket.
      // (The applications group's level on the applications bucket, issue 6, shows the same way.)
      const uploads = groupGrants[group]?.uploadsBucket ?? groupGrants[group]?.applicationsBucket;
      const s3 = actions.filter((a) => a.startsWith('s3:'));
      // Issue 5 part B: `images` reads and writes the media bucket; the catalogue writers use the table.
      const media = groupGrants[group]?.mediaBucket;
      expect(s3.includes('s3:PutObject'), group).toBe(
        uploads === 'put' || uploads === 'readWrite' || media === 'readWrite',
      );
      expect(s3.includes('s3:GetObject*'), group).toBe(uploads === 'read' || uploads === 'readWrite' || !!media);
      expect(s3.includes('s3:DeleteObject*'), group).toBe(uploads === 'readWrite' || media === 'readWrite');
      if (!uploads && !groupGrants[group]?.mediaBucket) expect(s3).toEqual([]);
    }
    expect(actionsOf('users')).toEqual(
      expect.arrayContaining([
        'cognito-idp:ListUsers',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminListGroupsForUser',
      ]),
    );
    expect(actionsOf('services').filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    // Issue 5: only the admin group creates or changes staff accounts; jobs only reads an editor.
    expect(actionsOf('admin')).toEqual(
      expect.arrayContaining([
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminDisableUser',
      ]),
    );
    const jobsCognito = actionsOf('jobs').filter((a) => a.startsWith('cognito-idp:'));
    expect(jobsCognito.sort()).toEqual(['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser']);
    expect(actionsOf('users')).not.toContain('cognito-idp:AdminCreateUser');
  });
});

describe('HTTP API', () => {
  function routeByKey(): Map<string, Resource> {
    return new Map(
      Object.values(apiResources('AWS::ApiGatewayV2::Route')).map((r) => [String(r.Properties?.RouteKey), r]),
    );
  }

  it('has one route per route table entry', () => {
    const routes = routeByKey();
    expect(routes.size).toBe(routeList.length);
    expect(Object.keys(apiResources('AWS::ApiGatewayV2::Route'))).toHaveLength(routeList.length);
    // The client API stack's routes are its groups' only, on the app stack's API and authorizer.
    for (const route of Object.values(resourcesOf(clientApi, 'AWS::ApiGatewayV2::Route'))) {
      expect(JSON.stringify(route.Properties?.ApiId)).toContain('Fn::ImportValue');
      expect(JSON.stringify(route.Properties?.AuthorizerId)).toContain('Fn::ImportValue');
    }
    for (const route of routeList) expect(routes.has(`${route.method} /${route.path}`)).toBe(true);
  });

  it('puts the token-or-API-key authorizer on every non-public route and nothing on public ones', () => {
    const routes = routeByKey();
    for (const route of routeList) {
      const props = routes.get(`${route.method} /${route.path}`)!.Properties!;
      if (route.access === 'public') {
        expect(props.AuthorizationType, route.name).toBe('NONE');
        expect(props.AuthorizerId, route.name).toBeUndefined();
      } else {
        expect(props.AuthorizationType, route.name).toBe('CUSTOM');
        expect(props.AuthorizerId, route.name).toBeDefined();
      }
    }
    expect(routeList.some((r) => r.access !== 'public')).toBe(true);
  });

  it('serves the Stripe webhook without a JWT authorizer, from the one function that can read the webhook secret', () => {
    const webhook = routeList.find((r) => r.name === 'stripeWebhook')!;
    const props = routeByKey().get(`${webhook.method} /${webhook.path}`)!.Properties!;
    expect(props.AuthorizationType).toBe('NONE');
    expect(props.AuthorizerId).toBeUndefined();

    // Its integration's function is the payments group's...
    const integrations = resourcesOf(application, 'AWS::ApiGatewayV2::Integration');
    const integrationId = JSON.stringify(props.Target).match(/"Ref":"(\w+)"/)![1]!;
    const fnId = JSON.stringify(integrations[integrationId]!.Properties!.IntegrationUri).match(
      /"Fn::GetAtt":\["(\w+)","Arn"\]/,
    )![1]!;
    const functions = resourcesOf(application, 'AWS::Lambda::Function');
    expect(functions[fnId]!.Properties!.Description).toBe(`${groupFunctionDescriptionPrefix} payments`);

    // ...whose role may read both Stripe secrets of the data stack; the only other role that reads
    // one is the jobs group's, which reads the secret key alone (it expires a cancelled job's
    // checkout, #32) and never the webhook's signing secret. (Every role reads the origin secret
    // of the app stack; that one is not Stripe's.)
    const secretIds = Object.keys(resourcesOf(data, 'AWS::SecretsManager::Secret')).filter((id) =>
      /^Stripe(SecretKey|WebhookSecret)/.test(id),
    );
    expect(secretIds).toHaveLength(2);
    const roleRef = (functions[fnId]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const readers = new Map<string, string>();
    for (const policy of Object.values(resourcesOf(application, 'AWS::IAM::Policy'))) {
      const statements = (policy.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
        .Statement;
      const reads = JSON.stringify(
        statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue')).map((s) => s.Resource),
      );
      if (!secretIds.some((id) => reads.includes(id))) continue;
      for (const role of policy.Properties!.Roles as { Ref: string }[]) {
        readers.set(role.Ref, `${readers.get(role.Ref) ?? ''} ${reads}`);
      }
    }
    const jobsRole = Object.entries(functions).find(
      ([, fn]) => fn.Properties!.Description === `${groupFunctionDescriptionPrefix} jobs`,
    )![1].Properties!.Role as { 'Fn::GetAtt': [string, string] };
    const jobsRoleRef = jobsRole['Fn::GetAtt'][0];
    expect([...readers.keys()].sort()).toEqual([roleRef, jobsRoleRef].sort());
    for (const id of secretIds) expect(readers.get(roleRef)).toContain(id);
    const [keyId] = secretIds.filter((id) => id.startsWith('StripeSecretKey'));
    const [webhookId] = secretIds.filter((id) => id.startsWith('StripeWebhookSecret'));
    expect(readers.get(jobsRoleRef)).toContain(keyId);
    expect(readers.get(jobsRoleRef)).not.toContain(webhookId);
  });

  it('authorizes with one Lambda function that knows the user pool, its two app clients and the table', () => {
    const authorizer = onlyResource(application, 'AWS::ApiGatewayV2::Authorizer').Properties!;
    expect(authorizer.AuthorizerType).toBe('REQUEST');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(authorizer.EnableSimpleResponses).toBe(true);
    expect(authorizer.AuthorizerPayloadFormatVersion).toBe('2.0');
    // A revoked API key is refused within this long (shared/src/api-keys.ts).
    expect(authorizer.AuthorizerResultTtlInSeconds).toBe(apiKeyRevocationSeconds);
    const fnId = JSON.stringify(authorizer.AuthorizerUri).match(/"Fn::GetAtt":\["(\w+)","Arn"\]/)![1]!;
    const fn = resourcesOf(application, 'AWS::Lambda::Function')[fnId]!.Properties!;
    expect(fn.Description).toBe('HTTP API authorizer: Cognito tokens and API keys');
    const environment = JSON.stringify(fn.Environment);
    for (const name of [
      handlerEnvNames.userPoolId,
      handlerEnvNames.siteClientId,
      handlerEnvNames.staffClientId,
      handlerEnvNames.tableName,
    ]) {
      expect(environment).toContain(name);
    }
    // It reads one item per key, nothing else of the table.
    const roleId = (fn.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const tableActions = Object.values(resourcesOf(application, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties?.Roles).includes(roleId))
      .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => action.startsWith('dynamodb:'));
    expect(tableActions).toEqual(['dynamodb:GetItem']);
    // Invoked with the API's role (below), not by a permission on the function.
    expect(authorizer.AuthorizerCredentialsArn).toBeDefined();
  });

  it('sends each route to its own group function with payload format 2.0', () => {
    const integrations = apiResources('AWS::ApiGatewayV2::Integration');
    const functions = apiResources('AWS::Lambda::Function');
    for (const route of routeList) {
      const props = routeByKey().get(`${route.method} /${route.path}`)!.Properties!;
      const integrationId = JSON.stringify(props.Target).match(/"Ref":"(\w+)"/)![1]!;
      const integration = integrations[integrationId]!.Properties!;
      expect(integration.PayloadFormatVersion).toBe('2.0');
      const fnId = JSON.stringify(integration.IntegrationUri).match(/"Fn::GetAtt":\["(\w+)","Arn"\]/)![1]!;
      expect(functions[fnId]!.Properties!.Description, route.name).toBe(
        `${groupFunctionDescriptionPrefix} ${route.group}`,
      );
    }
  });

  it('lets API Gateway invoke the group functions with one role per stack, and no function grants it a permission', () => {
    // None in the app stack; the scheduled run's (EventBridge, #17) and the files worker's leave to
    // start its own volume runs (#33) are the workers stack's, checked with them below.
    for (const template of [application, clientApi]) {
      expect(resourcesOf(template, 'AWS::Lambda::Permission')).toEqual({});
      const groupFunctionIds = Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))
        .filter(([, fn]) => String(fn.Properties?.Description ?? '').startsWith(groupFunctionDescriptionPrefix))
        .map(([id]) => id);
      const integrations = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Integration'));
      expect(integrations).toHaveLength(groupFunctionIds.length);
      const roles = new Set(integrations.map((i) => JSON.stringify(i.Properties?.CredentialsArn)));
      expect(roles.size).toBe(1);
      const [roleId] = (JSON.parse([...roles][0]!) as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      const role = resourcesOf(template, 'AWS::IAM::Role')[roleId]!;
      expect(JSON.stringify(role.Properties?.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
      // The role may invoke exactly the stack's group functions (and their versions), nothing else.
      const policy = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).find((p) =>
        JSON.stringify(p.Properties?.Roles).includes(roleId),
      )!;
      const statements = (policy.Properties?.PolicyDocument as { Statement: { Action: string; Resource: unknown[] }[] })
        .Statement;
      expect(statements.map((statement) => statement.Action)).toEqual(statements.map(() => 'lambda:InvokeFunction'));
      const invoked = new Set(
        statements.flatMap((statement) =>
          statement.Resource.map((r) => JSON.stringify(r).match(/"([A-Za-z0-9]+Function[A-Za-z0-9]+)"/)?.[1]),
        ),
      );
      // ...and, in the app stack, its authorizer (#36).
      const authorizerIds = Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))
        .filter(([, fn]) => String(fn.Properties?.Description ?? '').startsWith('HTTP API authorizer'))
        .map(([id]) => id);
      expect(authorizerIds).toHaveLength(template === application ? 1 : 0);
      expect([...invoked].sort()).toEqual([...groupFunctionIds, ...authorizerIds].sort());
    }
    // Between them, every group once.
    expect(Object.keys(apiResources('AWS::ApiGatewayV2::Integration'))).toHaveLength(routeGroups.length);
  });

  it('outputs no API Gateway URL: the API is reached through the CDN only', () => {
    const outputs = JSON.stringify(application.toJSON().Outputs);
    expect(outputs).not.toContain('execute-api');
    expect(Object.keys(application.toJSON().Outputs as object)).not.toContain('ApiUrl');
  });

  it('lets every group function read the origin secret (and only payments and jobs the Stripe secrets, tested above)', () => {
    const [secretId] = Object.keys(resourcesOf(application, 'AWS::SecretsManager::Secret'));
    // By reference in the app stack, by its export in the client API stack.
    const isOrigin = (resource: unknown) =>
      JSON.stringify(resource) === JSON.stringify({ Ref: secretId }) ||
      (JSON.stringify(resource).includes('Fn::ImportValue') && JSON.stringify(resource).includes(`Ref${secretId}`));
    const readers = Object.values(apiResources('AWS::IAM::Policy')).filter((policy) =>
      (
        policy.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
      ).Statement.some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          // The payments and jobs roles read the Stripe secrets too, in the same statement.
          [statement.Resource].flat().some(isOrigin),
      ),
    );
    expect(readers).toHaveLength(routeGroups.length);
    for (const policy of Object.values(apiResources('AWS::IAM::Policy'))) {
      const statements = (policy.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
        .Statement;
      for (const statement of statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))) {
        // Nothing of Secrets Manager but the origin secret and the data stack's Stripe secrets.
        for (const resource of [statement.Resource].flat()) {
          expect(JSON.stringify(resource)).toMatch(new RegExp(`${secretId}|StripeSecretKey|StripeWebhookSecret`));
        }
      }
    }
    for (const fn of Object.values(apiResources('AWS::Lambda::Function'))) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      if (!variables?.[operationsEnvNames.originSecretArn]) continue;
      expect(isOrigin(variables[operationsEnvNames.originSecretArn])).toBe(true);
    }
  });

  it('throttles and logs the default stage', () => {
    application.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('DynamoDB table', () => {
  it('has the keys and indexes of tableDefinition', () => {
    const table = onlyResource(data, 'AWS::DynamoDB::Table').Properties!;
    expect(table.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    const indexes = (
      table.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[]
    ).map((i) => ({ name: i.IndexName, keys: i.KeySchema, projection: i.Projection }));
    expect(indexes).toEqual(
      tableDefinition.indexes.map((i) => ({
        name: i.name,
        keys: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        // The generic indexes project everything; jobs by last change (GSI5) what the hourly run reads.
        projection:
          'projection' in i
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.projection] }
            : { ProjectionType: 'ALL' },
      })),
    );
  });

  it('is on demand, with point-in-time recovery, and retained', () => {
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });
});

describe('Cognito', () => {
  it('has one retained user pool: email sign-in, self sign-up, verification by code', () => {
    const pools = data.findResources('AWS::Cognito::UserPool');
    expect(Object.keys(pools)).toHaveLength(1);
    data.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: false }),
        VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: userPoolDefinition.passwordPolicy.minimumLength,
            RequireLowercase: userPoolDefinition.passwordPolicy.requireLowercase,
            RequireUppercase: userPoolDefinition.passwordPolicy.requireUppercase,
            RequireNumbers: userPoolDefinition.passwordPolicy.requireDigits,
            RequireSymbols: userPoolDefinition.passwordPolicy.requireSymbols,
          }),
        },
      }),
    });
  });

  it('has exactly the staff groups', () => {
    const groups = Object.values(resourcesOf(data, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties?.GroupName);
    expect(groups.sort()).toEqual([...staffRoles].sort());
  });

  it('has the site and staff clients: password and refresh auth, no secret, token validity from the definition', () => {
    const clients = Object.values(resourcesOf(data, 'AWS::Cognito::UserPoolClient')).map((c) => c.Properties!);
    expect(clients.map((c) => c.ClientName).sort()).toEqual(
      Object.values(userPoolDefinition.appClients)
        .map((c) => c.name)
        .sort(),
    );
    for (const client of clients) {
      expect(client.ExplicitAuthFlows).toEqual(
        expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      );
      expect(client.GenerateSecret).toBe(false);
      expect(client.AccessTokenValidity).toBe(userPoolDefinition.accessTokenMinutes);
      expect(client.RefreshTokenValidity).toBe(userPoolDefinition.refreshTokenDays * 24 * 60);
      expect(client.AllowedOAuthFlows).toBeUndefined();
    }
  });
});

describe('staff two-step sign-in that no token holder can switch off (#32)', () => {
  const enrolled = `custom:${userPoolDefinition.mfaEnrolledAttribute}`;

  it('runs the pre token generation trigger with event version 2, which may change access tokens (Essentials plan)', () => {
    const pool = onlyResource(data, 'AWS::Cognito::UserPool').Properties!;
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    const config = (pool.LambdaConfig as { PreTokenGenerationConfig?: Record<string, unknown> })
      .PreTokenGenerationConfig;
    expect(config?.LambdaVersion).toBe('V2_0');
    // ...pointing at the trigger function of this stack, built from the trigger's source.
    const [triggerId, trigger] = Object.entries(resourcesOf(data, 'AWS::Lambda::Function')).find(([, fn]) =>
      String(fn.Properties?.Description).startsWith('User pool trigger'),
    )!;
    expect(JSON.stringify(config?.LambdaArn)).toContain(triggerId);
    expect(trigger.Properties?.Handler).toBe('index.handler');
    expect(pool.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('declares the enrolled attribute, and no app client may write it', () => {
    const pool = onlyResource(data, 'AWS::Cognito::UserPool').Properties!;
    expect(pool.Schema).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Name: userPoolDefinition.mfaEnrolledAttribute,
          AttributeDataType: 'String',
          Mutable: true,
        }),
      ]),
    );
    const clients = Object.values(resourcesOf(data, 'AWS::Cognito::UserPoolClient')).map((c) => c.Properties!);
    expect(clients).toHaveLength(2);
    for (const client of clients) {
      expect([...(client.WriteAttributes as string[])].sort()).toEqual(
        [...userPoolDefinition.clientWriteAttributes].sort(),
      );
      expect(client.WriteAttributes).not.toContain(enrolled);
    }
  });

  it('lets only the admin group, whose staff sign-in marks an account enrolled, update attributes', () => {
    const updaters = Object.entries(groupGrants)
      .filter(([, grants]) => grants.userPool?.includes('cognito-idp:AdminUpdateUserAttributes'))
      .map(([group]) => group);
    expect(updaters).toEqual(['admin']);
    const policies = Object.values(resourcesOf(application, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties!.PolicyDocument).includes('cognito-idp:AdminUpdateUserAttributes'),
    );
    expect(policies).toHaveLength(1);
  });
});

describe('names', () => {
  it('lets CloudFormation name tables, buckets, functions, pools and roles', () => {
    const nameProperty: Record<string, string> = {
      'AWS::DynamoDB::Table': 'TableName',
      'AWS::S3::Bucket': 'BucketName',
      'AWS::Lambda::Function': 'FunctionName',
      'AWS::Cognito::UserPool': 'UserPoolName',
      'AWS::IAM::Role': 'RoleName',
      'AWS::Logs::LogGroup': 'LogGroupName',
    };
    let checked = 0;
    for (const template of [data, application]) {
      for (const [id, resource] of Object.entries(template.toJSON().Resources as Resources)) {
        const property = nameProperty[resource.Type];
        if (!property) continue;
        checked += 1;
        const name = resource.Properties?.[property];
        // Derived from another generated name (CDK's log group of its own handler) is fine too.
        const generated = name === undefined || /"(Ref|Fn::GetAtt|Fn::ImportValue)"/.test(JSON.stringify(name));
        expect(generated, `${id}.${property} = ${JSON.stringify(name)}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('CloudFront', () => {
  function config(): Record<string, unknown> & {
    DefaultCacheBehavior: Record<string, unknown>;
    CacheBehaviors: Record<string, unknown>[];
  } {
    return onlyResource(application, 'AWS::CloudFront::Distribution').Properties!.DistributionConfig as never;
  }

  it('runs the SPA rewrite at viewer request and the status from metadata at viewer response, on the default behaviour only', () => {
    const { DefaultCacheBehavior, CacheBehaviors } = config();
    expect(DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    for (const behaviour of CacheBehaviors)
      expect(behaviour.FunctionAssociations, String(behaviour.PathPattern)).toBeUndefined();
    expect(Object.keys(resourcesOf(application, 'AWS::CloudFront::Function'))).toHaveLength(2);
  });

  it("gives the SPA rewrite the release store, which is the publisher's", () => {
    const [storeId] = Object.keys(resourcesOf(application, 'AWS::CloudFront::KeyValueStore'));
    expect(storeId).toBeDefined();
    const rewrite = Object.values(resourcesOf(application, 'AWS::CloudFront::Function')).find(
      (fn) => (fn.Properties!.FunctionConfig as { KeyValueStoreAssociations?: unknown }).KeyValueStoreAssociations,
    )!;
    expect((rewrite.Properties!.FunctionConfig as Record<string, unknown>).KeyValueStoreAssociations).toEqual([
      { KeyValueStoreARN: { 'Fn::GetAtt': [storeId, 'Arn'] } },
    ]);
    expect(JSON.stringify(rewrite.Properties!.FunctionCode)).toContain(storeId!);
  });

  it('has no distribution-wide error pages, which would turn API errors into HTML', () => {
    expect(config().CustomErrorResponses).toBeUndefined();
  });

  it('serves api/* from the HTTP API and media/* from the media bucket', () => {
    const patterns = config().CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns.sort()).toEqual(['api/*', `${bucketDefinitions.media.publicPrefix}*`].sort());
    const api = config().CacheBehaviors.find((b) => b.PathPattern === 'api/*')!;
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']));
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    expect(config().HttpVersion).toBe('http2and3');
    expect(config().Logging).toBeDefined();
  });

  it('caches API answers only as the API says, keyed on Authorization and the query string', () => {
    application.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        MaxTTL: 86400,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
  });

  it('sends a strict CSP, HSTS and frame denial on every behaviour', () => {
    const [policyId, policy] = Object.entries(resourcesOf(application, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const headers = (policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, never> })
      .SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    // 'self' and the published pages' one inline script, by its hash.
    expect(csp).toContain(
      `script-src 'self' 'sha256-${createHash('sha256').update(sessionMarkScript).digest('base64')}';`,
    );
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "connect-src 'self' https://",
    ]) {
      expect(csp).toContain(directive);
    }
    // connect-src names the uploads bucket (presigned POST), imported from the data stack.
    expect(csp).toMatch(/ExportsOutputRefUploads\w+"},".s3.eu-west-1."/);
    // ...and the applications bucket, where applicants post their resumes (issue 6).
    expect(csp).toMatch(/ExportsOutputRefApplications\w+"},".s3.eu-west-1."/);
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    // The headers CloudFront has no field for, from the same declaration as the local servers'.
    const custom = (policy.Properties!.ResponseHeadersPolicyConfig as { CustomHeadersConfig: { Items: unknown[] } })
      .CustomHeadersConfig.Items;
    expect(custom).toEqual(
      Object.entries(otherSecurityHeaders).map(([Header, Value]) => ({ Header, Value, Override: true })),
    );

    const { DefaultCacheBehavior, CacheBehaviors } = config();
    for (const behaviour of [DefaultCacheBehavior, ...CacheBehaviors]) {
      expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('sends the API origin the secret origin header, resolved from Secrets Manager at deploy time', () => {
    const origins = config().Origins as { Id: string; DomainName: unknown; OriginCustomHeaders?: unknown }[];
    const api = origins.find((origin) => JSON.stringify(origin.DomainName).includes('execute-api'))!;
    const [secretId] = Object.keys(resourcesOf(application, 'AWS::SecretsManager::Secret'));
    expect(secretId).toBeDefined();
    // A dynamic reference: the value is in neither the template nor the synthesized output.
    expect(api.OriginCustomHeaders).toEqual([
      {
        HeaderName: originHeaderName,
        HeaderValue: {
          'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
        },
      },
    ]);
    // Only the API origin gets it: S3 origins need no secret.
    for (const origin of origins.filter((o) => o !== api)) expect(origin.OriginCustomHeaders).toBeUndefined();
  });

  it('uploads the built site when there is one', () => {
    application.resourceCountIs('Custom::CDKBucketDeployment', 2);
  });
});

describe('site publisher', () => {
  function publisher(): { id: string; properties: Record<string, unknown> } {
    const [id, fn] = Object.entries(resourcesOf(application, 'AWS::Lambda::Function')).find(
      ([, candidate]) => candidate.Properties?.Description === `${streamConsumerDescriptionPrefix} publisher`,
    )!;
    return { id, properties: fn.Properties! };
  }

  it('has the renderer as a layer and its settings, and reserves no concurrency unless told (a new account has none to reserve)', () => {
    const { properties } = publisher();
    // With -c reservedConcurrency=true it runs one at a time (go-live.test.ts).
    expect(properties.ReservedConcurrentExecutions).toBeUndefined();
    expect(properties.Layers).toHaveLength(1);
    const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables[publisherEnvNames.rendererDir]).toBe('/opt');
    expect(variables[publisherEnvNames.siteBucket]).toBeDefined();
    expect(variables[publisherEnvNames.siteUrl]).toBeDefined();
    expect(variables[publisherEnvNames.releaseStoreArn]).toEqual({
      'Fn::GetAtt': [Object.keys(resourcesOf(application, 'AWS::CloudFront::KeyValueStore'))[0], 'Arn'],
    });
    expect(variables[operationsEnvNames.originSecretArn]).toBeUndefined();
  });

  it("reads the table's stream, public content only, a burst in one batch, with a dead-letter queue", () => {
    const { id } = publisher();
    const mapping = Object.values(resourcesOf(application, 'AWS::Lambda::EventSourceMapping')).find((candidate) =>
      JSON.stringify(candidate.Properties!.FunctionName).includes(id),
    )!;
    expect(mapping.Properties).toMatchObject({
      MaximumBatchingWindowInSeconds: publishBatchWindowSeconds,
      BatchSize: 1000,
      ParallelizationFactor: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(publishedContentStreamFilter) }] },
    });
    expect(data.findResources('AWS::DynamoDB::Table')).toSatisfy((tables: Resources) =>
      Object.values(tables).some(
        (table) =>
          (table.Properties!.StreamSpecification as { StreamViewType?: string })?.StreamViewType ===
          'NEW_AND_OLD_IMAGES',
      ),
    );
  });

  it('publishes once after a deployment, after the build is uploaded', () => {
    const triggers = Object.values(resourcesOf(application, 'Custom::Trigger'));
    expect(triggers).toHaveLength(1);
    expect((triggers[0] as { DependsOn?: string[] }).DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/HashedAssets/), expect.stringMatching(/EntryFiles/)]),
    );
  });
});

describe('buckets', () => {
  it('blocks public access, enforces TLS and logs access on every bucket', () => {
    for (const template of [data, application]) {
      const buckets = resourcesOf(template, 'AWS::S3::Bucket');
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
      }
      const securedByPolicy = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).filter((p) =>
        JSON.stringify(p.Properties?.PolicyDocument).includes('"aws:SecureTransport":"false"'),
      );
      expect(securedByPolicy).toHaveLength(Object.keys(buckets).length);
      // Every bucket but the log destinations themselves sends its access logs to one.
      const unlogged = Object.entries(buckets)
        .filter(([, bucket]) => bucket.Properties?.LoggingConfiguration === undefined)
        .map(([id]) => id.replace(/[0-9A-F]{8}$/, ''));
      expect(unlogged).toEqual([template === data ? 'AccessLogs' : 'Logs']);
    }
  });

  it('expires abandoned uploads under pending/ and allows browser uploads', () => {
    const uploads = Object.entries(resourcesOf(data, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('Uploads'))![1];
    expect(uploads.Properties!.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([
        expect.objectContaining({
          Prefix: 'pending/',
          ExpirationInDays: bucketDefinitions.uploads.abandonedUploadDays,
          Status: 'Enabled',
        }),
      ]),
    });
    const cors = (uploads.Properties!.CorsConfiguration as { CorsRules: { AllowedMethods: string[] }[] }).CorsRules;
    expect(cors[0]!.AllowedMethods.sort()).toEqual(['GET', 'POST', 'PUT']);
    expect(uploads.DeletionPolicy).toBe('Retain');
  });

  it("expires job files that never joined a job, never a job's (issue 15)", () => {
    const uploads = Object.entries(resourcesOf(data, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('Uploads'))![1];
    const rules = (uploads.Properties!.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    const u = bucketDefinitions.uploads;
    for (const prefix of [u.clientUploadPrefix, u.deliverablePrefix]) {
      const rule = rules.find((r) => r.Prefix === prefix)!;
      // Only files still tagged open: a job's files are re-tagged and stay.
      expect(rule).toMatchObject({
        ExpirationInDays: u.openUploadDays,
        Status: 'Enabled',
        TagFilters: [{ Key: u.fileTagKey, Value: u.openTag }],
      });
    }
    expect(rules.find((r) => r.Prefix === u.archivePrefix)).toMatchObject({ ExpirationInDays: u.archiveDays });
    // No rule on the whole bucket or on the job prefixes without the tag.
    expect(rules.filter((r) => r.Prefix === undefined && r.ExpirationInDays !== undefined)).toEqual([]);
  });

  it('runs the files worker for 15 minutes, and lets only the job-orders, job-files and job-images groups start it', () => {
    const functions = resourcesOf(application, 'AWS::Lambda::Function');
    // In the workers stack: the groups' policies name it by the export of its ARN.
    const [workerId, worker] = Object.entries(resourcesOf(workers, 'AWS::Lambda::Function')).find(([, fn]) =>
      String(fn.Properties?.Description).startsWith('Background worker'),
    )!;
    expect(worker.Properties).toMatchObject({ Timeout: 900, MemorySize: 2048, Architectures: ['arm64'] });
    const invokers = Object.values(resourcesOf(application, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties!.PolicyDocument).includes('lambda:InvokeFunction'))
      .filter((p) => JSON.stringify(p.Properties!.PolicyDocument).includes(workerId));
    const roles = invokers.flatMap((p) => (p.Properties!.Roles as { Ref: string }[]).map((r) => r.Ref));
    const groupsOfRoles = Object.values(functions)
      .filter((fn) => roles.includes((fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0]))
      .map((fn) => String(fn.Properties!.Description).replace(`${groupFunctionDescriptionPrefix} `, ''));
    expect(groupsOfRoles.sort()).toEqual(['job-files', 'job-images', 'job-orders']);
    // It starts a run of itself per archive volume (#33): its own role may invoke it, by a
    // permission on the function (a policy on its role would make a cycle).
    const own = Object.values(resourcesOf(workers, 'AWS::Lambda::Permission')).filter(
      (p) =>
        JSON.stringify(p.Properties?.FunctionName).includes(workerId) && typeof p.Properties?.Principal !== 'string',
    );
    expect(own).toHaveLength(1);
    expect(own[0]!.Properties).toMatchObject({ Action: 'lambda:InvokeFunction' });
    expect(JSON.stringify(own[0]!.Properties!.Principal)).toContain(
      (worker.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0],
    );
  });

  it('runs the preview worker (#33), started by the groups that confirm files only', () => {
    const functions = resourcesOf(application, 'AWS::Lambda::Function');
    const [workerId, worker] = Object.entries(resourcesOf(workers, 'AWS::Lambda::Function')).find(([, fn]) =>
      String(fn.Properties?.Description).startsWith('Preview worker'),
    )!;
    expect(worker.Properties).toMatchObject({ MemorySize: 2048, Timeout: 300 });
    // Its own concurrency limit only with -c reservedConcurrency=true (go-live.test.ts).
    expect(worker.Properties!.ReservedConcurrentExecutions).toBeUndefined();
    const invokers = Object.values(resourcesOf(application, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties!.PolicyDocument).includes('lambda:InvokeFunction'))
      .filter((p) => JSON.stringify(p.Properties!.PolicyDocument).includes(workerId));
    const roles = invokers.flatMap((p) => (p.Properties!.Roles as { Ref: string }[]).map((r) => r.Ref));
    const groupsOfRoles = Object.values(functions)
      .filter((fn) => roles.includes((fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0]))
      .map((fn) => String(fn.Properties!.Description).replace(`${groupFunctionDescriptionPrefix} `, ''));
    expect(groupsOfRoles.sort()).toEqual(['job-files', 'job-images', 'uploads']);
    // A volume marked FAILED reaches the operators: an alarm in the monitoring stack (a failed run
    // of the worker has every worker's alarms, go-live.test.ts).
    const monitoring = Template.fromStack(stacks.monitoring);
    const alarms = Object.values(resourcesOf(monitoring, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties!);
    expect(alarms.find((a) => a.MetricName === 'ArchiveVolumesFailed')).toMatchObject({
      Namespace: 'RetouchStudio/test',
      Dimensions: [{ Name: 'service', Value: 'worker' }],
      Threshold: 0,
    });
  });

  it('keeps applicant documents in a private, encrypted bucket whose abandoned uploads expire', () => {
    const [, bucket] = Object.entries(resourcesOf(data, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('Applications'),
    )!;
    const { uploadPrefix, abandonedUploadDays } = bucketDefinitions.applications;
    expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(JSON.stringify(bucket.Properties!.BucketEncryption)).toContain('AES256');
    expect(bucket.Properties!.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([
        expect.objectContaining({ Prefix: uploadPrefix, ExpirationInDays: abandonedUploadDays, Status: 'Enabled' }),
      ]),
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    // Only the applications function may touch it.
    const policies = Object.values(resourcesOf(application, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties!.PolicyDocument).includes('ExportsOutputFnGetAttApplications'),
    );
    expect(policies).toHaveLength(1);
  });

  it('lets CloudFront read only the public media prefix', () => {
    const mediaPolicy = Object.values(resourcesOf(data, 'AWS::S3::BucketPolicy')).find((p) =>
      JSON.stringify(p.Properties?.PolicyDocument).includes('cloudfront.amazonaws.com'),
    )!;
    const statement = (
      mediaPolicy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }
    ).Statement.find((s) => s.Sid === 'CloudFrontReadsPublicMedia')!;
    expect(statement.Action).toBe('s3:GetObject');
    expect(JSON.stringify(statement.Resource)).toContain(`/${bucketDefinitions.media.publicPrefix}*`);
  });
});

describe('CloudFront /media/* (#32)', () => {
  type Origin = { Id: string; DomainName: unknown };
  type Behavior = { PathPattern: string; TargetOriginId: string };

  it('reaches the media bucket only, and no behaviour reaches a bucket of private files', () => {
    const config = onlyResource(application, 'AWS::CloudFront::Distribution').Properties!.DistributionConfig as {
      Origins: Origin[];
      CacheBehaviors: Behavior[];
    };
    const domainOf = (id: string) => JSON.stringify(config.Origins.find((o) => o.Id === id)!.DomainName);
    const media = config.CacheBehaviors.find((b) => b.PathPattern === `${bucketDefinitions.media.publicPrefix}*`)!;
    expect(domainOf(media.TargetOriginId)).toMatch(/Media/);
    // Client uploads, finished files, invoices and applications live in other buckets, which are no
    // origin of the distribution: whatever a /media path says, it is a key of the media bucket.
    for (const origin of config.Origins) expect(JSON.stringify(origin.DomainName)).not.toMatch(/Uploads|Applications/);
    for (const [id, policy] of Object.entries(resourcesOf(data, 'AWS::S3::BucketPolicy'))) {
      if (!/Uploads|Applications/.test(id)) continue;
      expect(JSON.stringify(policy.Properties?.PolicyDocument), id).not.toContain('cloudfront.amazonaws.com');
    }
  });
});

describe('e-mail and the notifier (issue 18)', () => {
  type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

  function notifierFunction(): [string, Resource] {
    const found = Object.entries(resourcesOf(application, 'AWS::Lambda::Function')).filter(
      ([, fn]) => String(fn.Properties?.Description ?? '') === `${streamConsumerDescriptionPrefix} notifier`,
    );
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  function notifierStatements(): Statement[] {
    const [, fn] = notifierFunction();
    const roleRef = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return Object.values(resourcesOf(application, 'AWS::IAM::Policy'))
      .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef))
      .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
  }

  it('has a verified-domain SES identity with a configuration set, and Cognito sends through it', () => {
    const identity = onlyResource(data, 'AWS::SES::EmailIdentity');
    expect(identity.Properties?.EmailIdentity).toBe('studio.example');
    expect(identity.Properties?.ConfigurationSetAttributes).toEqual({
      ConfigurationSetName: { Ref: expect.stringMatching(/ConfigurationSet/) },
    });
    onlyResource(data, 'AWS::SES::ConfigurationSet');
    const pool = onlyResource(data, 'AWS::Cognito::UserPool');
    expect(pool.Properties?.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Retouch Studio <notifications@studio.example>',
      ConfigurationSet: { Ref: expect.stringMatching(/ConfigurationSet/) },
      SourceArn: expect.anything(),
    });
    expect(JSON.stringify(pool.Properties?.EmailConfiguration)).toContain(':identity/studio.example');
  });

  it('gives the table a stream of new and old images and a TTL for sent outbox items', () => {
    const table = onlyResource(data, 'AWS::DynamoDB::Table');
    expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(table.Properties?.TimeToLiveSpecification).toEqual({
      AttributeName: tableDefinition.ttlAttribute,
      Enabled: true,
    });
  });

  it('feeds the notifier from the stream: outbox filter, batch item failures, retries and an SQS dead-letter queue', () => {
    const [fnId, fn] = notifierFunction();
    // The table's stream has two consumers (the site publisher's mapping is checked above).
    const mappings = Object.values(resourcesOf(application, 'AWS::Lambda::EventSourceMapping')).filter(
      (candidate) => JSON.stringify(candidate.Properties?.FunctionName) === JSON.stringify({ Ref: fnId }),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!;
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: fnId },
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(outboxStreamFilter) }] },
    });
    expect(JSON.stringify(mapping.Properties?.EventSourceArn)).toContain('StreamArn');
    const destination = (mapping.Properties?.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure
      .Destination;
    const queueId = (destination as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const queue = resourcesOf(application, 'AWS::SQS::Queue')[queueId]!;
    expect(destination).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
    // Somebody hears of it: an alarm on the queue, in the monitoring stack, to its alarm topic.
    const monitoring = Template.fromStack(stacks.monitoring);
    const alarms = Object.values(resourcesOf(monitoring, 'AWS::CloudWatch::Alarm')).filter(
      (a) => a.Properties?.Namespace === 'AWS/SQS' && JSON.stringify(a.Properties?.Dimensions).includes(queueId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::ImportValue': expect.stringContaining('QueueName') } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: expect.stringMatching(/^Monitoring.*Topic/) }],
    });

    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(Object.values(notifierEnvNames)));
    expect(variables[notifierEnvNames.mailFrom]).toBe('Retouch Studio <notifications@studio.example>');
    expect(JSON.stringify(variables[notifierEnvNames.siteUrl])).toContain('DomainName');
  });

  it("lets the notifier send only from the studio's identity and From address", () => {
    const sending = notifierStatements().filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
    expect(sending).toHaveLength(1);
    const [statement] = sending;
    expect([statement!.Action].flat()).toEqual(['ses:SendEmail']);
    expect(statement!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'notifications@studio.example' } });
    const resources = JSON.stringify(statement!.Resource);
    expect(resources).toContain(':identity/');
    expect(resources).toContain(':configuration-set/');
    expect(resources).not.toMatch(/"\*"|identity\/\*/);
    // Reads staff groups and accounts, writes only outbox items' state through the table.
    const actions = notifierStatements().flatMap((s) => [s.Action].flat());
    expect(actions.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([
      'cognito-idp:AdminGetUser',
      'cognito-idp:ListUsersInGroup',
    ]);
    expect(actions).toContain('dynamodb:GetRecords');
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
    // No route group may send e-mail.
    for (const other of Object.values(resourcesOf(application, 'AWS::IAM::Policy'))) {
      const document = JSON.stringify(other.Properties?.PolicyDocument);
      if (document.includes('ses:')) expect(document).toContain('ses:FromAddress');
    }
  });
});

describe('auto-approval (issue 17)', () => {
  function sweepFunction(): [string, Resource] {
    const found = Object.entries(resourcesOf(workers, 'AWS::Lambda::Function')).filter(([, fn]) =>
      String(fn.Properties?.Description ?? '').startsWith('Scheduled: approves deliveries'),
    );
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  it('runs the sweep every hour from an EventBridge rule, with retries', () => {
    const [fnId, fn] = sweepFunction();
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 300 });
    const rules = Object.values(resourcesOf(workers, 'AWS::Events::Rule')).filter((rule) =>
      JSON.stringify(rule.Properties?.Targets).includes(fnId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties).toMatchObject({ ScheduleExpression: 'rate(1 hour)', State: 'ENABLED' });
    expect(rules[0]!.Properties?.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }),
    ]);
    // EventBridge may invoke it: a permission for the rule's principal on this function.
    const permissions = Object.values(resourcesOf(workers, 'AWS::Lambda::Permission')).filter(
      (p) =>
        JSON.stringify(p.Properties?.FunctionName).includes(fnId) && p.Properties?.Principal === 'events.amazonaws.com',
    );
    expect(permissions).toHaveLength(1);
  });

  it('gives the sweep the table and the handler configuration, and no origin secret, bucket or Cognito access', () => {
    const [, fn] = sweepFunction();
    const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables)).toContain(handlerEnvNames.tableName);
    expect(Object.keys(variables)).not.toContain(operationsEnvNames.originSecretArn);
    const roleRef = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(resourcesOf(workers, 'AWS::IAM::Policy'))
      .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef))
      .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(true);
    expect(actions.filter((a) => /^(s3|cognito-idp|secretsmanager|ses):/.test(a))).toEqual([]);
  });
});

describe('the figures projector (#40 item 9)', () => {
  it("reads the table's stream in the Workers stack, jobs, versions and files only, with a dead-letter queue", () => {
    const found = Object.entries(resourcesOf(workers, 'AWS::Lambda::Function')).filter(([, fn]) =>
      String(fn.Properties?.Description ?? '').startsWith(`${streamConsumerDescriptionPrefix} figures`),
    );
    expect(found).toHaveLength(1);
    const [fnId] = found[0]!;
    const mapping = Object.values(resourcesOf(workers, 'AWS::Lambda::EventSourceMapping')).find((candidate) =>
      JSON.stringify(candidate.Properties!.FunctionName).includes(fnId),
    )!;
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
      FilterCriteria: { Filters: figuresStreamFilters.map((filter) => ({ Pattern: JSON.stringify(filter) })) },
    });
    expect(
      Object.values(resourcesOf(application, 'AWS::Lambda::Function')).some((fn) =>
        String(fn.Properties?.Description ?? '').startsWith(`${streamConsumerDescriptionPrefix} figures`),
      ),
    ).toBe(false);
  });
});

describe('without a web build', () => {
  it('synthesizes, uploads nothing and warns', () => {
    const outdir = join(tmp, 'cdk.out.no-web');
    // Bundling skipped: this case is about the site upload, not the functions.
    const bare = newApp(outdir, { 'aws:cdk:bundling-stacks': [] });
    const { app: appStack } = buildApp(bare, { ...settings, webDistDir: undefined });
    const template = Template.fromStack(appStack);
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    template.resourceCountIs('AWS::S3::Bucket', 2);
    Annotations.fromStack(appStack).hasWarning('*', Match.stringLikeRegexp('No web build'));
  });
});
