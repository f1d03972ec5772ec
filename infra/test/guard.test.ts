/**
 * AWS Control Tower's proactive controls (cfn-guard rules bundled with
 * @cdklabs/cdk-validator-cfnguard, run offline by its cfn-guard binary) on the synthesized
 * templates of each way the site can be named (a trial stage and a hosted zone in eu-west-1, the
 * studio's own certificates in us-east-1, with no cross-region reference). Every finding must be
 * acknowledged with a reason in lib/guard-acknowledgements.ts, and every acknowledgement must still
 * match a finding.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, stackList } from '../lib/app.ts';
import { guardAcknowledgements } from '../lib/guard-acknowledgements.ts';
import { domainForms, fakeWebBuild, templateApp } from './synth-support.ts';

const tmp = mkdtempSync(join(tmpdir(), 'infra-guard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Finding {
  control: string;
  /** `<stack suffix>/<construct path below the stack>`, e.g. `Data/Uploads/Resource`. */
  resource: string;
  form: string;
}

const forms = [
  { name: 'trial stage in eu-west-1', region: 'eu-west-1', domain: domainForms.trial },
  { name: 'Route 53 zone in eu-west-1', region: 'eu-west-1', domain: domainForms.zone },
  { name: 'own certificates in us-east-1', region: 'us-east-1', domain: domainForms.certificate },
];

const findings: Finding[] = [];

/** Every Control Tower rule file the package ships, with the resource types it reports on. */
const rulesDir = join(
  dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard/package.json')),
  'rules',
  'control-tower',
  'cfn-guard',
);
const ruleFiles = readdirSync(rulesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.guard'))
  .map((file) => {
    const text = readFileSync(join(rulesDir, file), 'utf8');
    // One or more lines under the heading, each with one type or several separated by commas.
    const reportsOn = /# Reports on:\n((?:#[^\n]*AWS::[^\n]*\n?)+)/.exec(text)?.[1] ?? '';
    return { path: join(rulesDir, file), types: [...reportsOn.matchAll(/AWS::\w+::\w+/g)].map((m) => m[0]) };
  });
/** Rule files that report on a resource type of these templates: the others could only skip. */
let rulesRun: string[] = [];

beforeAll(() => {
  const webDistDir = fakeWebBuild(tmp);
  const synthesized = forms.map((form, index) => {
    const app = templateApp(join(tmp, `app-${index}`));
    const stacks = buildApp(app, {
      stage: 'test',
      env: { region: form.region },
      logLevel: 'info',
      protectData: true,
      webDistDir,
      alarmEmail: 'ops@studio.example',
      domain: form.domain,
    });
    const assembly = app.synth();
    return { form, stacks, assembly, app };
  });
  // cfn-guard evaluates every rule file on every template; restricted to the files that report on
  // a type the templates hold (the others skip), the same findings cost a third of the time.
  const types = new Set(
    synthesized.flatMap(({ assembly }) =>
      assembly.stacks.flatMap((stack) =>
        Object.values((stack.template as { Resources: Record<string, { Type: string }> }).Resources).map((r) => r.Type),
      ),
    ),
  );
  rulesRun = ruleFiles.filter((rule) => rule.types.some((type) => types.has(type))).map((rule) => rule.path);
  const validator = new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: rulesRun });
  for (const { form, stacks, assembly, app } of synthesized) {
    // Logical id -> construct path, per stack: the rules report logical ids.
    const paths = new Map<string, string>();
    const all = stackList(stacks);
    for (const stack of all) {
      const suffix = stack.stackName.replace(/^RetouchStudio-test-/, '');
      for (const construct of stack.node.findAll()) {
        if (!(construct instanceof CfnElement)) continue;
        const below = construct.node.path.slice(stack.node.path.length + 1);
        paths.set(`${stack.artifactId}/${stack.resolve(construct.logicalId) as string}`, `${suffix}/${below}`);
      }
    }
    const report = validator.validate({
      appConstruct: app,
      templatePaths: assembly.stacks.map((stack) => stack.templateFullPath),
    } as Parameters<CfnGuardValidator['validate']>[0]);
    for (const violation of report.violations) {
      const control = /\[(CT\.[A-Z0-9.]+)\]/.exec(violation.description ?? '')?.[1] ?? violation.ruleName;
      for (const resource of violation.violatingResources) {
        const artifact = resource.templatePath
          .split('/')
          .at(-1)!
          .replace(/\.template\.json$/, '');
        const stackSuffix = artifact.replace(/^RetouchStudio-test-/, '');
        findings.push({
          control,
          // A reference the rule could not resolve comes without a logical id.
          resource: resource.resourceLogicalId
            ? (paths.get(`${artifact}/${resource.resourceLogicalId}`) ?? `${stackSuffix}/${resource.resourceLogicalId}`)
            : `${stackSuffix}/(unnamed)`,
          form: form.name,
        });
      }
    }
  }
});

describe('AWS Control Tower guard rules', () => {
  it('runs every rule that reports on a resource type of the templates (each rule file says which it reports on)', () => {
    expect(ruleFiles.length).toBeGreaterThan(200);
    expect(ruleFiles.every((rule) => rule.types.length > 0)).toBe(true);
    // A rule that names several types on one line is read with each (routes without an authorizer).
    expect(ruleFiles.find((rule) => rule.path.endsWith('ct-apigateway-pr-5.guard'))?.types).toEqual([
      'AWS::ApiGatewayV2::Route',
      'AWS::ApiGatewayV2::ApiGatewayManagedOverrides',
    ]);
    const run = new Set(rulesRun.map((path) => path.slice(rulesDir.length + 1).split('/')[0]));
    for (const service of ['s3', 'lambda', 'cloudfront', 'apigateway', 'cloudwatch', 'dynamodb', 'sqs']) {
      expect(run.has(service), service).toBe(true);
    }
  });

  it('ran on every stack and reported findings (the rules are really applied)', () => {
    // The trial stage's default certificate is a finding by design: no findings at all would mean
    // the rules did not run.
    expect(findings.some((f) => f.control === 'CT.CLOUDFRONT.PR.9' && f.form === forms[0]!.name)).toBe(true);
  });

  it('finds nothing that is not acknowledged with a reason in guard-acknowledgements.ts', () => {
    const open = findings.filter(
      (finding) =>
        !guardAcknowledgements.some((ack) => ack.control === finding.control && ack.resources.test(finding.resource)),
    );
    expect(
      [...new Set(open.map((f) => `${f.control} ${f.resource} (${f.form})`))].sort(),
      'findings without an acknowledgement',
    ).toEqual([]);
  });

  it('keeps no acknowledgement that matches no finding, and gives each a reason', () => {
    for (const ack of guardAcknowledgements) {
      expect(ack.reason.length, `${ack.control} ${ack.resources}`).toBeGreaterThan(40);
      expect(
        findings.some((finding) => finding.control === ack.control && ack.resources.test(finding.resource)),
        `${ack.control} ${ack.resources} matches no finding: remove it`,
      ).toBe(true);
    }
  });

  it('fixes what the issue named rather than acknowledging it', () => {
    const fixed = ['CT.CLOUDWATCH.PR.2', 'CT.LAMBDA.PR.2', 'CT.S3.PR.6'];
    expect(findings.filter((f) => fixed.includes(f.control))).toEqual([]);
    // The uploads and media buckets are versioned; with a domain the CDN has a certificate, TLSv1.2_2021 and SNI.
    expect(findings.filter((f) => f.control === 'CT.S3.PR.11' && /Data\/(Uploads|Media)\//.test(f.resource))).toEqual(
      [],
    );
    const withOwnCertificate = forms
      .filter((form) => form.domain && 'certificateArn' in form.domain)
      .map((f) => f.name);
    expect(
      findings.filter(
        (f) =>
          f.control.startsWith('CT.CLOUDFRONT.PR.') &&
          f.control !== 'CT.CLOUDFRONT.PR.4' &&
          withOwnCertificate.includes(f.form),
      ),
    ).toEqual([]);
  });
});
