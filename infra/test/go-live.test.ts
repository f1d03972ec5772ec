/**
 * Going live (issue 37): the site on its own domain in each form the settings allow (a Route 53
 * zone, the studio's own certificates, none for a trial stage), with the execute-api endpoint
 * disabled whenever CloudFront has another way in; the uploads bucket versioned; a year of logs;
 * error and dead-letter alarms on every worker; the stage throttle from the stated peak; reserved
 * concurrency only when asked; and the resources of each stack, the app stack's at most
 * `appStackResourceLimit`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { siteUrlEnvName } from '@studio/shared/platform';
import { publisherEnvNames } from '@studio/shared/site-publishing';
import { notifierEnvNames } from '@studio/shared/notifications';
import { buildApp, stackList, type AppSettings, type StudioStacks } from '../lib/app.ts';
import { stageThrottle, peakCallsPerSecond, requiredConcurrency } from '../lib/capacity.ts';
import { repoRoot } from '../lib/paths.ts';
import { printStackSizes } from '../bin/stack-sizes.ts';
import { appStackResourceLimit, cloudFormationResourceLimit, resourceLimitOf, stackSizes } from '../lib/stack-sizes.ts';
import { domainForms, fakeWebBuild, templateApp } from './synth-support.ts';

type Resource = { Type: string; Properties: Record<string, unknown> };

const tmp = mkdtempSync(join(tmpdir(), 'infra-go-live-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const webDistDir = fakeWebBuild(tmp);

let apps = 0;
const synthesized = new Map<string, StudioStacks & { outdir: string }>();
/** The stacks of these settings, synthesized once for every test that asks for them. */
function synthesize(overrides: Partial<AppSettings> = {}): StudioStacks & { outdir: string } {
  const key = JSON.stringify(overrides);
  const known = synthesized.get(key);
  if (known) return known;
  const app = templateApp(join(tmp, `app-${apps++}`));
  const stacks = buildApp(app, {
    stage: 'test',
    env: { region: 'eu-west-1' },
    logLevel: 'info',
    protectData: false,
    webDistDir,
    alarmEmail: 'ops@studio.example',
    ...overrides,
  });
  app.synth();
  const result = { ...stacks, outdir: app.outdir };
  synthesized.set(key, result);
  return result;
}

/** Settings other than the defaults, in one app: a MAIL FROM domain and reserved concurrency. */
const withOptions: Partial<AppSettings> = {
  mail: {
    domain: 'studio.example',
    from: 'Retouch Studio <notifications@studio.example>',
    mailFromDomain: 'mail.studio.example',
    cognitoSendsWithSes: true,
  },
  reservedConcurrency: true,
};

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type)) as [string, Resource][];
}

function only(template: Template, type: string): Resource {
  const found = resources(template, type);
  expect(found, type).toHaveLength(1);
  return found[0]![1];
}

const distributionConfig = (template: Template) =>
  only(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig as {
    Aliases?: string[];
    ViewerCertificate?: Record<string, unknown>;
    Origins: { DomainName: unknown; Id: string }[];
  };

const allStacks = stackList;

describe('the site on its own domain, with a Route 53 zone', () => {
  const stacks = synthesize({ domain: domainForms.zone });
  const edge = Template.fromStack(stacks.edge);
  const app = Template.fromStack(stacks.app);
  const data = Template.fromStack(stacks.data);

  it('makes the certificate of every name in us-east-1, validated by DNS in the zone', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    const certificate = only(edge, 'AWS::CertificateManager::Certificate').Properties;
    expect(certificate).toMatchObject({
      DomainName: 'studio.example.com',
      SubjectAlternativeNames: ['www.studio.example.com'],
      ValidationMethod: 'DNS',
    });
    expect(certificate.DomainValidationOptions).toEqual(
      expect.arrayContaining([{ DomainName: 'studio.example.com', HostedZoneId: 'Z0123456789ABCDEFGHIJ' }]),
    );
  });

  it('serves both names from the distribution with that certificate, TLSv1.2_2021 and SNI', () => {
    const config = distributionConfig(app);
    expect(config.Aliases).toEqual(['studio.example.com', 'www.studio.example.com']);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    // The certificate's ARN, read across regions from the edge stack.
    expect(JSON.stringify(config.ViewerCertificate?.AcmCertificateArn)).toMatch(/SiteCertificate/);
  });

  it('points both names (IPv4 and IPv6) at the distribution, and the API origin name at the API', () => {
    const records = resources(app, 'AWS::Route53::RecordSet').map(([, r]) => r.Properties);
    const byName = (name: string) => records.filter((r) => r.Name === name);
    for (const name of ['studio.example.com.', 'www.studio.example.com.']) {
      expect(
        byName(name)
          .map((r) => r.Type)
          .sort(),
        name,
      ).toEqual(['A', 'AAAA']);
      for (const record of byName(name)) {
        expect(record.HostedZoneId).toBe('Z0123456789ABCDEFGHIJ');
        expect(JSON.stringify(record.AliasTarget)).toMatch(/CdnDistribution.*DomainName/);
      }
    }
    const [origin] = byName('api-origin.studio.example.com.');
    expect(origin?.Type).toBe('A');
    expect(JSON.stringify(origin?.AliasTarget)).toMatch(/RegionalDomainName/);
  });

  it("disables the execute-api endpoint: CloudFront calls the API on its own name, with a certificate of the app's region", () => {
    expect(only(app, 'AWS::ApiGatewayV2::Api').Properties.DisableExecuteApiEndpoint).toBe(true);
    const domainName = only(app, 'AWS::ApiGatewayV2::DomainName').Properties;
    expect(domainName.DomainName).toBe('api-origin.studio.example.com');
    expect(domainName.DomainNameConfigurations).toEqual([
      expect.objectContaining({ EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }),
    ]);
    expect(only(app, 'AWS::ApiGatewayV2::ApiMapping').Properties.Stage).toBeDefined();
    const regional = only(app, 'AWS::CertificateManager::Certificate').Properties;
    expect(regional).toMatchObject({ DomainName: 'api-origin.studio.example.com', ValidationMethod: 'DNS' });
    const apiOrigin = distributionConfig(app).Origins.filter((o) => o.DomainName === 'api-origin.studio.example.com');
    expect(apiOrigin).toHaveLength(1);
    expect(JSON.stringify(distributionConfig(app).Origins)).not.toContain('execute-api');
  });

  it('sends Stripe, e-mails and the published pages to the domain, and lets browsers upload from both names', () => {
    for (const [, fn] of resources(app, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      if (!variables?.TABLE_NAME) continue; // CDK's own handlers
      expect(variables[siteUrlEnvName], String(fn.Properties.Description)).toBe('https://studio.example.com');
      if (notifierEnvNames.siteUrl in variables)
        expect(variables[notifierEnvNames.siteUrl]).toBe('https://studio.example.com');
      if (publisherEnvNames.siteUrl in variables) {
        expect(variables[publisherEnvNames.siteUrl]).toBe('https://studio.example.com');
      }
    }
    const corsOrigins = resources(data, 'AWS::S3::Bucket').flatMap(
      ([, bucket]) =>
        (bucket.Properties.CorsConfiguration as { CorsRules: { AllowedOrigins: string[] }[] } | undefined)?.CorsRules ??
        [],
    );
    expect(corsOrigins.length).toBeGreaterThan(0);
    for (const rule of corsOrigins) {
      expect(rule.AllowedOrigins).toEqual(['https://studio.example.com', 'https://www.studio.example.com']);
    }
    const outputs = app.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.SiteUrl?.Value).toBe('https://studio.example.com');
  });
});

describe("the site on its own domain, with the studio's own certificates", () => {
  const stacks = synthesize({ env: { region: 'us-east-1' }, domain: domainForms.certificate });
  const app = Template.fromStack(stacks.app);

  it('uses the certificates given and makes none, nor any DNS record', () => {
    for (const stack of allStacks(stacks)) {
      const template = Template.fromStack(stack);
      template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
      template.resourceCountIs('AWS::Route53::RecordSet', 0);
    }
    const config = distributionConfig(app);
    expect(config.Aliases).toEqual(['studio.example.com', 'www.studio.example.com']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: domainForms.certificate.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it('disables the execute-api endpoint behind the API origin name, and says which DNS records to add', () => {
    expect(only(app, 'AWS::ApiGatewayV2::Api').Properties.DisableExecuteApiEndpoint).toBe(true);
    const configurations = only(app, 'AWS::ApiGatewayV2::DomainName').Properties.DomainNameConfigurations as {
      CertificateArn: string;
    }[];
    expect(configurations[0]?.CertificateArn).toBe(domainForms.certificate.originCertificateArn);
    const outputs = app.toJSON().Outputs as Record<string, { Value: unknown; Description?: string }>;
    expect(JSON.stringify(outputs.ApiOriginRecord?.Value)).toMatch(
      /^\{"Fn::Join":\["",\["api-origin\.studio\.example\.com CNAME ",/,
    );
    expect(outputs.DistributionDomainName?.Description).toContain('studio.example.com, www.studio.example.com');
  });

  it('keeps the execute-api endpoint, and says so, when no certificate is given for the API origin name', () => {
    const { originCertificateArn: _, ...withoutOrigin } = domainForms.certificate;
    const bare = synthesize({ env: { region: 'us-east-1' }, domain: withoutOrigin });
    const template = Template.fromStack(bare.app);
    expect(only(template, 'AWS::ApiGatewayV2::Api').Properties.DisableExecuteApiEndpoint).toBe(false);
    template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    expect(JSON.stringify(distributionConfig(template).Origins)).toContain('execute-api');
    const warnings = Annotations.fromStack(bare.app).findWarning(
      '*',
      Match.stringLikeRegexp('api-origin\\.studio\\.example\\.com'),
    );
    expect(warnings).toHaveLength(1);
  });
});

describe('e-mail with a MAIL FROM domain', () => {
  it('sends bounces to the subdomain, and says which DNS records it needs', () => {
    const stacks = synthesize(withOptions);
    const data = Template.fromStack(stacks.data);
    expect(only(data, 'AWS::SES::EmailIdentity').Properties.MailFromAttributes).toEqual({
      MailFromDomain: 'mail.studio.example',
      BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
    });
    const outputs = data.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.MailFromMxRecord?.Value).toBe('mail.studio.example MX 10 feedback-smtp.eu-west-1.amazonses.com');
    expect(outputs.MailFromSpfRecord?.Value).toBe('mail.studio.example TXT "v=spf1 include:amazonses.com ~all"');
  });
});

describe('a trial stage without a domain', () => {
  const stacks = synthesize();
  const app = Template.fromStack(stacks.app);

  it('answers on the CloudFront name, through the execute-api endpoint, and says so', () => {
    const config = distributionConfig(app);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
    expect(only(app, 'AWS::ApiGatewayV2::Api').Properties.DisableExecuteApiEndpoint).toBe(false);
    app.resourceCountIs('AWS::Route53::RecordSet', 0);
    expect(Annotations.fromStack(stacks.app).findWarning('*', Match.stringLikeRegexp('a trial stage'))).toHaveLength(1);
  });

  it('throttles the stage from the stated peak', () => {
    expect(stageThrottle.rateLimit).toBe(2 * peakCallsPerSecond);
    const stage = only(app, 'AWS::ApiGatewayV2::Stage').Properties;
    expect(stage.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: stageThrottle.rateLimit,
      ThrottlingBurstLimit: stageThrottle.burstLimit,
    });
    // The account's concurrency must carry that rate: more than a new account's 10.
    expect(requiredConcurrency).toBeGreaterThan(10);
  });

  it('versions the uploads bucket and expires replaced or deleted files after 30 days', () => {
    const data = Template.fromStack(stacks.data);
    const [uploads] = resources(data, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('Uploads'));
    expect(uploads![1].Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = (uploads![1].Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual({
      Id: 'expire-replaced-and-deleted-files',
      NoncurrentVersionExpiration: { NoncurrentDays: 30 },
      ExpiredObjectDeleteMarker: true,
      Status: 'Enabled',
    });
  });

  it('keeps every log group and log bucket of every stack for a year', () => {
    let groups = 0;
    for (const stack of allStacks(stacks)) {
      const template = Template.fromStack(stack);
      for (const [id, group] of resources(template, 'AWS::Logs::LogGroup')) {
        groups++;
        // Ours a year; CDK's own deployment handler keeps its logs two.
        expect(group.Properties.RetentionInDays, `${stack.stackName} ${id}`).toBeGreaterThanOrEqual(365);
      }
      for (const [id, bucket] of resources(template, 'AWS::S3::Bucket')) {
        const rules = (
          bucket.Properties.LifecycleConfiguration as { Rules: { Id?: string; ExpirationInDays?: number }[] }
        )?.Rules;
        const expiry = rules?.find((rule) => rule.Id === 'expire-logs');
        if (expiry) expect(expiry.ExpirationInDays, `${stack.stackName} ${id}`).toBe(365);
      }
    }
    // The functions', the API's access logs and the firewall's.
    expect(groups).toBeGreaterThan(25);
    const ours = Object.values(Template.fromStack(stacks.app).findResources('AWS::Logs::LogGroup')).filter(
      (group) => (group as Resource).Properties.RetentionInDays === 365,
    );
    expect(ours.length).toBeGreaterThan(25);
  });

  it('reserves no concurrency by default, and one publication at a time when told', () => {
    const reserved = (s: StudioStacks) =>
      [s.app, s.workers]
        .flatMap((stack) => resources(Template.fromStack(stack), 'AWS::Lambda::Function'))
        .map(([, fn]) => fn.Properties.ReservedConcurrentExecutions)
        .filter((value) => value !== undefined);
    expect(reserved(stacks)).toEqual([]);
    // One publication at a time, and the preview worker's own limit (#33).
    expect(reserved(synthesize(withOptions)).sort()).toEqual([1, 10]);
  });
});

describe('every worker', () => {
  const stacks = synthesize();
  const app = Template.fromStack(stacks.app);
  const workerStack = Template.fromStack(stacks.workers);
  const monitoring = Template.fromStack(stacks.monitoring);
  const alarms = resources(monitoring, 'AWS::CloudWatch::Alarm').map(
    ([id, alarm]) => ({ id, ...alarm.Properties }) as { id: string } & Record<string, unknown>,
  );
  const workers = {
    FilesWorker: stacks.workers.filesWorker.function,
    PreviewWorker: stacks.workers.previewWorker.function,
    ScheduledRun: stacks.workers.autoApproval.function.function,
    Notifier: stacks.app.notifier.function.function,
    Publisher: stacks.app.publisher!.function.function,
    FiguresProjector: stacks.workers.figuresProjector.function.function,
  };

  it('has an alarm on its errors and its throttles, to the alarm topic', () => {
    for (const [name, fn] of Object.entries(workers)) {
      const logicalId = Stack.of(fn).getLogicalId(fn.node.defaultChild as never);
      for (const metric of ['Errors', 'Throttles']) {
        const found = alarms.filter(
          (alarm) =>
            alarm.MetricName === metric &&
            alarm.Namespace === 'AWS/Lambda' &&
            JSON.stringify(alarm.Dimensions).includes(logicalId),
        );
        expect(found, `${name} ${metric}`).toHaveLength(1);
        expect(found[0]!.id).toMatch(new RegExp(`${name}${metric}`));
        expect(JSON.stringify(found[0]!.AlarmActions)).toMatch(/Topic/);
      }
    }
  });

  it('sends what it gave up on to a dead-letter queue of its own, alarmed at its first message', () => {
    const allQueues = [app, workerStack].flatMap((template) =>
      resources(template, 'AWS::SQS::Queue').map(([id]) => id),
    );
    // The webhook delivery queue (#36) is a work queue, not a dead-letter queue: what it gives up on
    // (five receives) is redriven to the webhook worker's dead letters.
    const deliveries = allQueues.filter((id) => /^WebhooksDeliveries/.test(id));
    expect(deliveries).toHaveLength(1);
    const queues = allQueues.filter((id) => !deliveries.includes(id));
    expect(queues.sort()).toEqual(
      [
        'AutoApprovalDeadLetters',
        'FiguresProjectorDeadLetters',
        'FilesWorkerDeadLetters',
        'NotifierDeadLetters',
        'PreviewWorkerDeadLetters',
        'PublisherDeadLetters',
        'WebhooksDeadLetters',
        'WebhooksDispatcherMappingDeadLetters',
      ].map((prefix) => expect.stringMatching(new RegExp(`^${prefix}`))),
    );
    const deliveryQueue = resources(workerStack, 'AWS::SQS::Queue').find(([id]) => id === deliveries[0])![1];
    expect(JSON.stringify(deliveryQueue.Properties.RedrivePolicy)).toMatch(/WebhooksDeadLetters.*maxReceiveCount.*5/);
    const sqsMapping = resources(workerStack, 'AWS::Lambda::EventSourceMapping')
      .map(([, mapping]) => mapping.Properties)
      .find((mapping) => JSON.stringify(mapping.EventSourceArn).includes('WebhooksDeliveries'));
    expect(sqsMapping?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    for (const queueId of queues) {
      const alarm = alarms.filter((a) => a.Namespace === 'AWS/SQS' && JSON.stringify(a.Dimensions).includes(queueId));
      expect(alarm, queueId).toHaveLength(1);
      expect(alarm[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0 });
    }
    // The asynchronously invoked workers: a run that failed its two retries goes to its queue.
    expect(resources(app, 'AWS::Lambda::EventInvokeConfig')).toEqual([]);
    const configs = resources(workerStack, 'AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties);
    expect(configs).toHaveLength(3);
    for (const config of configs) {
      expect(config.MaximumRetryAttempts).toBe(2);
      expect(JSON.stringify(config.DestinationConfig)).toMatch(
        /(FilesWorker|PreviewWorker|AutoApproval)DeadLetters.*Arn/,
      );
    }
    // And an event EventBridge could not deliver to the scheduled run.
    const [, rule] = resources(workerStack, 'AWS::Events::Rule')[0]!;
    expect(JSON.stringify((rule.Properties.Targets as unknown[])[0])).toMatch(
      /DeadLetterConfig.*AutoApprovalDeadLetters/,
    );
  });

  it('shows on the dashboard', () => {
    const body = JSON.stringify(only(monitoring, 'AWS::CloudWatch::Dashboard').Properties.DashboardBody);
    for (const title of ['Workers: errors', 'Workers: dead letters']) expect(body).toContain(title);
  });
});

describe('resources per stack', () => {
  it(`keeps the app stack at most ${appStackResourceLimit} and every stack under CloudFormation's ${cloudFormationResourceLimit}, in every form`, () => {
    const forms: Partial<AppSettings>[] = [
      {},
      { domain: domainForms.zone },
      { env: { region: 'us-east-1' }, domain: domainForms.zone },
      { env: { region: 'us-east-1' }, domain: domainForms.certificate },
      withOptions,
    ];
    for (const form of forms) {
      const { outdir } = synthesize(form);
      const sizes = stackSizes(outdir);
      const label = `${form.env?.region ?? 'eu-west-1'} ${form.domain ? Object.keys(form.domain).join('+') : 'no domain'}`;
      expect(
        sizes.map((s) => s.stackName.replace('RetouchStudio-test-', '')),
        label,
      ).toEqual(expect.arrayContaining(['Data', 'Edge', 'Workers', 'App', 'Monitoring']));
      for (const size of sizes) {
        const limit = size.stackName.endsWith('-App') ? appStackResourceLimit : cloudFormationResourceLimit;
        expect(size.resources, `${label}: ${size.stackName}`).toBeLessThanOrEqual(limit);
        expect(size.resources).toBeGreaterThan(0);
      }
    }
  });

  it('are printed by `npm run synth` after synthesizing, which fails when the app stack is over its limit', () => {
    const { outdir } = synthesize();
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      expect(printStackSizes(outdir)).toBe(true);
      for (const size of stackSizes(outdir)) {
        const line = printed.find((l) => l.includes(`${size.stackName} `));
        expect(line, size.stackName).toMatch(new RegExp(`${size.resources} of ${resourceLimitOf(size.stackName)}`));
      }
      // An app stack of one resource over its limit: reported and refused.
      const over = join(tmp, 'over');
      mkdirSync(over);
      writeFileSync(
        join(over, 'manifest.json'),
        JSON.stringify({
          artifacts: {
            'RetouchStudio-x-App': {
              type: 'aws:cloudformation:stack',
              environment: 'aws://unknown-account/eu-west-1',
              properties: { templateFile: 'app.json', stackName: 'RetouchStudio-x-App' },
            },
          },
        }),
      );
      const many = Object.fromEntries(
        Array.from({ length: appStackResourceLimit + 1 }, (_, i) => [`Queue${i}`, { Type: 'AWS::SQS::Queue' }]),
      );
      writeFileSync(join(over, 'app.json'), JSON.stringify({ Resources: many }));
      printed.length = 0;
      expect(printStackSizes(over)).toBe(false);
      expect(printed.join('\n')).toMatch(
        new RegExp(
          `RetouchStudio-x-App\\s+${appStackResourceLimit + 1} of ${appStackResourceLimit}\\s+eu-west-1\\s+OVER ITS LIMIT`,
        ),
      );
    } finally {
      log.mockRestore();
    }
    const scripts = (
      JSON.parse(readFileSync(join(repoRoot, 'infra', 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.synth).toContain('infra/bin/synth.ts');
  });
});

describe('npm run deploy', () => {
  it('asks before IAM changes: it does not pass --require-approval never', () => {
    const scripts = (
      JSON.parse(readFileSync(join(repoRoot, 'infra', 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.deploy).toMatch(/cdk deploy --all/);
    expect(scripts.deploy).not.toMatch(/require-approval/);
  });
});
