/**
 * Operating the deployment (issues 19, 37): the alarms and the topic they notify, the dashboard and
 * the monthly budget, in a monitoring stack of their own; every worker's error, throttle and
 * dead-letter alarms; the CDN's and firewall's alarms in us-east-1 with their metrics; the refusal
 * to synthesize production without site origins; and the LocalStack free profile, which holds only
 * what LocalStack's free edition runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { handlerEnvNames, operationsEnvNames } from '@studio/shared/platform';
import { routeGroups } from '@studio/shared/routes';
import { alarmEmailEnvName, alarmEmailEnvValues } from '@studio/shared/studio-setup';
import { buildApp, buildLocalStackFreeApp, type AppSettings } from '../lib/app.ts';
import { noUserPool } from '../lib/functions-stack.ts';
import { repoRoot } from '../lib/paths.ts';

const tmp = mkdtempSync(join(tmpdir(), 'infra-ops-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Resource = { Type: string; Properties: Record<string, unknown> };

let apps = 0;
function newApp(): App {
  const { context } = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  // Bundling skipped: these tests are about the templates, not the function code.
  return new App({ outdir: join(tmp, `app-${apps++}`), context: { ...context, 'aws:cdk:bundling-stacks': [] } });
}

const base: AppSettings = {
  stage: 'test',
  env: { region: 'eu-west-1' },
  logLevel: 'info',
  protectData: false,
  webDistDir: undefined,
  alarmEmail: 'ops@studio.example',
  monthlyBudgetUsd: 75,
};

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type)) as [string, Resource][];
}

/** The topic every alarm of the template notifies, checking that each alarm notifies exactly it. */
function alarmsAndTheirTopic(template: Template) {
  const topics = resources(template, 'AWS::SNS::Topic');
  expect(topics).toHaveLength(1);
  const [topicId] = topics[0]!;
  const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
  for (const alarm of alarms) {
    expect(alarm.AlarmActions, String(alarm.AlarmDescription)).toEqual([{ Ref: topicId }]);
    expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
    expect(alarm.TreatMissingData).toBe('notBreaching');
  }
  // The operator's e-mail is subscribed.
  template.hasResourceProperties('AWS::SNS::Subscription', {
    Protocol: 'email',
    Endpoint: 'ops@studio.example',
    TopicArn: { Ref: topicId },
  });
  return { topicId, alarms };
}

describe('alarms in the app region', () => {
  const stacks = buildApp(newApp(), base);
  const template = Template.fromStack(stacks.monitoring);
  const { topicId, alarms } = alarmsAndTheirTopic(template);
  const metricNames = (alarm: Record<string, unknown>) =>
    alarm.MetricName
      ? [alarm.MetricName]
      : (alarm.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[])
          .map((m) => m.MetricStat?.Metric.MetricName)
          .filter(Boolean);

  it('watches the share of API answers that are 5xx, and the API latency', () => {
    const rate = alarms.find((a) => metricNames(a).includes('5xx'))!;
    expect(metricNames(rate).sort()).toEqual(['5xx', 'Count']);
    const expression = (rate.Metrics as { Expression?: string }[]).find((m) => m.Expression)!.Expression;
    expect(expression).toMatch(/100 \* errors \/ requests/);
    expect(rate.Threshold).toBe(2);
    const latency = alarms.find((a) => a.MetricName === 'Latency')!;
    expect(latency).toMatchObject({ Namespace: 'AWS/ApiGateway', ExtendedStatistic: 'p95', Threshold: 3000 });
  });

  it('watches every function for errors and throttles: each route group and each worker', () => {
    // Without a web build there is no site publisher: the files and preview (#33) workers, the
    // scheduled run, the notifier, the figures projector (#40) and the webhook dispatcher and
    // delivery worker (#36; go-live.test.ts checks every worker with a build).
    const functions = routeGroups.length + 7;
    const lambda = alarms.filter((a) => a.Namespace === 'AWS/Lambda');
    for (const metric of ['Errors', 'Throttles']) {
      const watched = lambda.filter((a) => a.MetricName === metric);
      expect(watched, metric).toHaveLength(functions);
      expect(new Set(watched.map((a) => JSON.stringify(a.Dimensions))).size).toBe(functions);
    }
  });

  it('watches the table for throttled reads and writes', () => {
    const throttles = alarms.find((a) => metricNames(a).includes('ReadThrottleEvents'))!;
    expect(metricNames(throttles).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    expect(throttles.Threshold).toBe(0);
  });

  it('leaves the CDN and firewall alarms to us-east-1, where their metrics are', () => {
    expect(alarms.some((a) => JSON.stringify(a).includes('AWS/WAFV2'))).toBe(false);
    expect(alarms.some((a) => JSON.stringify(a).includes('AWS/CloudFront'))).toBe(false);
  });

  it('has a monthly cost budget of the configured amount, notifying the topic', () => {
    const [[, budget]] = resources(template, 'AWS::Budgets::Budget') as [[string, Resource]];
    expect(budget.Properties.Budget).toMatchObject({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 75, Unit: 'USD' },
    });
    const notifications = budget.Properties.NotificationsWithSubscribers as {
      Notification: { NotificationType: string; Threshold: number };
      Subscribers: unknown[];
    }[];
    expect(notifications.map((n) => [n.Notification.NotificationType, n.Notification.Threshold])).toEqual([
      ['ACTUAL', 80],
      ['FORECASTED', 100],
    ]);
    for (const n of notifications)
      expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: { Ref: topicId } }]);
    // AWS Budgets may publish to the topic.
    expect(JSON.stringify(template.findResources('AWS::SNS::TopicPolicy'))).toContain('budgets.amazonaws.com');
  });

  it('has one dashboard showing the API, functions, table, firewall and CDN', () => {
    const [[, dashboard]] = resources(template, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const namespace of ['AWS/ApiGateway', 'AWS/Lambda', 'AWS/DynamoDB', 'AWS/WAFV2', 'AWS/CloudFront']) {
      expect(body, namespace).toContain(namespace);
    }
    // The handlers' embedded-format metrics (Powertools Metrics, functions/src/lib/http.ts), by the
    // dimension Powertools writes.
    expect(body).toContain('RetouchStudio/test');
    expect(body).toContain('\\"service\\",\\"api\\"');
    expect(body).toContain('us-east-1');
  });

  it('keeps the alarms, dashboard and budget out of the app stack, in the same region', () => {
    expect(stacks.monitoring.region).toBe('eu-west-1');
    const app = Template.fromStack(stacks.app);
    for (const type of [
      'AWS::CloudWatch::Alarm',
      'AWS::CloudWatch::Dashboard',
      'AWS::Budgets::Budget',
      'AWS::SNS::Topic',
    ]) {
      app.resourceCountIs(type, 0);
    }
    // It reads the app stack's names, so it is deployed after it.
    expect(stacks.monitoring.dependencies).toContain(stacks.app);
  });
});

describe('alarms on the CDN and its firewall', () => {
  it('live in a us-east-1 stack of their own, with their own topic, for an app elsewhere', () => {
    const stacks = buildApp(newApp(), base);
    expect(stacks.edgeAlarms?.region).toBe('us-east-1');
    const template = Template.fromStack(stacks.edgeAlarms!);
    const { alarms } = alarmsAndTheirTopic(template);
    const waf = alarms.find((a) => a.Namespace === 'AWS/WAFV2')!;
    expect(waf).toMatchObject({
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'studio-test-web-acl' },
      ],
    });
    const cdn = alarms.find((a) => a.Namespace === 'AWS/CloudFront')!;
    expect(cdn.MetricName).toBe('5xxErrorRate');
    // The distribution id comes from the app stack in eu-west-1, through a cross-region reference.
    expect(JSON.stringify(cdn.Dimensions)).toMatch(/ExportsReader/);
    expect(alarms).toHaveLength(2);
  });

  it('sit in the monitoring stack, with its topic, when the app is in us-east-1', () => {
    const stacks = buildApp(newApp(), { ...base, env: { region: 'us-east-1' } });
    expect(stacks.edgeAlarms).toBeUndefined();
    const { alarms } = alarmsAndTheirTopic(Template.fromStack(stacks.monitoring));
    expect(alarms.filter((a) => a.Namespace === 'AWS/WAFV2' || a.Namespace === 'AWS/CloudFront')).toHaveLength(2);
  });
});

describe('production', () => {
  it('refuses to synthesize without explicit site origins for upload CORS', () => {
    expect(() => buildApp(newApp(), { ...base, production: true })).toThrow(/siteOrigins/);
    expect(() => buildApp(newApp(), { ...base, production: true, siteOrigins: [] })).toThrow(/siteOrigins/);
  });

  it('synthesizes with them, and the upload buckets accept posts from those origins only', () => {
    const stacks = buildApp(newApp(), { ...base, production: true, siteOrigins: ['https://studio.example'] });
    const data = Template.fromStack(stacks.data);
    const rules = resources(data, 'AWS::S3::Bucket').flatMap(
      ([, bucket]) =>
        (bucket.Properties.CorsConfiguration as { CorsRules: { AllowedOrigins: string[] }[] } | undefined)?.CorsRules ??
        [],
    );
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule.AllowedOrigins).toEqual(['https://studio.example']);
  });

  it('notifies nobody without an alarm e-mail, but still alarms', () => {
    const stacks = buildApp(newApp(), { ...base, alarmEmail: undefined });
    const template = Template.fromStack(stacks.monitoring);
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    expect(resources(template, 'AWS::CloudWatch::Alarm').length).toBeGreaterThan(routeGroups.length * 2);
  });

  it("tells the owner's checklist (#40), in the payments function, whether an alarm e-mail is subscribed", () => {
    const alarmSetting = (settings: AppSettings) => {
      const template = Template.fromStack(buildApp(newApp(), settings).app);
      const payments = resources(template, 'AWS::Lambda::Function').filter(([, fn]) =>
        String(fn.Properties.Description).endsWith(' payments'),
      );
      expect(payments).toHaveLength(1);
      return (payments[0]![1].Properties.Environment as { Variables: Record<string, unknown> }).Variables[
        alarmEmailEnvName
      ];
    };
    expect(alarmSetting(base)).toBe(alarmEmailEnvValues.configured);
    expect(alarmSetting({ ...base, alarmEmail: undefined })).toBe(alarmEmailEnvValues.none);
  });
});

describe('LocalStack free profile', () => {
  const stacks = buildLocalStackFreeApp(newApp(), { ...base, stage: 'local', env: { region: 'us-east-1' } });
  const templates = [Template.fromStack(stacks.data), Template.fromStack(stacks.functions)];
  const types = new Set(
    templates.flatMap((t) => Object.values(t.toJSON().Resources as Record<string, Resource>).map((r) => r.Type)),
  );

  it('holds only resource types LocalStack free edition deploys', () => {
    // DynamoDB, S3, Lambda, IAM, CloudWatch Logs, Secrets Manager: the free edition's services.
    const supported = [
      'AWS::DynamoDB::Table',
      'AWS::S3::Bucket',
      'AWS::S3::BucketPolicy',
      'AWS::Lambda::Function',
      'AWS::IAM::Role',
      'AWS::IAM::Policy',
      'AWS::Logs::LogGroup',
      'AWS::SecretsManager::Secret',
    ];
    expect([...types].filter((type) => !supported.includes(type))).toEqual([]);
    for (const paid of ['AWS::Cognito::UserPool', 'AWS::ApiGatewayV2::Api', 'AWS::CloudFront::Distribution']) {
      expect(types.has(paid), paid).toBe(false);
    }
    expect(types.has('AWS::WAFv2::WebACL')).toBe(false);
  });

  it('deploys every route group function and the files and preview workers, told plainly that there is no user pool', () => {
    const functions = resources(templates[1]!, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(routeGroups.length + 2);
    for (const [, fn] of functions) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables[handlerEnvNames.userPoolId]).toBe(noUserPool);
      expect((variables[operationsEnvNames.originSecretArn] as { Ref: string }).Ref).toMatch(/^OriginSecret/);
      expect(variables[handlerEnvNames.tableName]).toBeDefined();
    }
  });
});
