/**
 * The CDN's WAF web ACL: a per-IP rate limit on anonymous API POSTs (the local gateway's rule), then AWS's common (with the 8 KB body
 * rule counting only), known-bad-inputs and IP-reputation rule groups, logged with the
 * Authorization header redacted; in us-east-1 as CloudFront requires, attached to the distribution
 * whatever region the app is deployed to.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymousPostLimit, countsAsAnonymousPost } from '@studio/shared/anonymous-limit';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { routeList } from '@studio/shared/routes';
import { buildApp } from '../lib/app.ts';
import { repoRoot } from '../lib/paths.ts';

const tmp = mkdtempSync(join(tmpdir(), 'infra-waf-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function build(region: string | undefined, name: string) {
  const { context } = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  // Bundling skipped: these tests are about the web ACL, not the functions.
  const app = new App({ outdir: join(tmp, name), context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  return buildApp(app, {
    stage: 'test',
    env: region ? { region } : undefined,
    logLevel: 'info',
    protectData: false,
    webDistDir: undefined,
  });
}

type Rule = Record<string, unknown> & { Name: string; Priority: number; Statement: Record<string, unknown> };

interface WafStatement {
  AndStatement?: { Statements: WafStatement[] };
  OrStatement?: { Statements: WafStatement[] };
  ByteMatchStatement?: {
    FieldToMatch: { Method?: object; UriPath?: object };
    PositionalConstraint: string;
    SearchString: string;
    TextTransformations: { Priority: number; Type: string }[];
  };
}

/**
 * Evaluates a synthesized scope-down statement against a request, for the parts this ACL uses
 * (and, or, byte matches on the method or the path, exactly or by prefix, lower-cased or not); a
 * part it does not know fails the test.
 */
function matches(statement: WafStatement, request: { method: string; path: string }): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s) => matches(s, request));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s) => matches(s, request));
  const match = statement.ByteMatchStatement;
  if (!match) throw new Error(`statement not understood: ${JSON.stringify(statement)}`);
  let value = match.FieldToMatch.Method ? request.method : match.FieldToMatch.UriPath ? request.path : undefined;
  if (value === undefined) throw new Error(`field not understood: ${JSON.stringify(match.FieldToMatch)}`);
  for (const { Type } of match.TextTransformations) {
    if (Type === 'LOWERCASE') value = value.toLowerCase();
    else if (Type !== 'NONE') throw new Error(`transformation not understood: ${Type}`);
  }
  if (match.PositionalConstraint === 'EXACTLY') return value === match.SearchString;
  if (match.PositionalConstraint === 'STARTS_WITH') return value.startsWith(match.SearchString);
  throw new Error(`constraint not understood: ${match.PositionalConstraint}`);
}

function checkWebAcl(template: Template) {
  const acls = Object.values(template.findResources('AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  const props = acls[0]!.Properties as {
    Scope: string;
    DefaultAction: unknown;
    Rules: Rule[];
    CustomResponseBodies: Record<string, { Content: string; ContentType: string }>;
  };
  expect(props.Scope).toBe('CLOUDFRONT');
  expect(props.DefaultAction).toEqual({ Allow: {} });

  const rate = props.Rules.find((r) => r.Name === 'AnonymousPostRateLimit')!;
  expect(rate.Priority).toBe(0);
  const statement = rate.Statement.RateBasedStatement as {
    Limit: number;
    EvaluationWindowSec: number;
    AggregateKeyType: string;
    ScopeDownStatement: WafStatement;
  };
  // The numbers of the local gateway's rule (shared/src/anonymous-limit.ts).
  expect(statement).toMatchObject({
    Limit: anonymousPostLimit.requests,
    EvaluationWindowSec: anonymousPostLimit.windowSeconds,
    AggregateKeyType: 'IP',
  });
  expect([statement.Limit, statement.EvaluationWindowSec]).toEqual([100, 300]);
  // What the synthesized rule counts, request by request: the anonymous POSTs, exactly the ones
  // the local gateway counts, and no signed-in request however many an office sends.
  const counts = (method: string, path: string) => matches(statement.ScopeDownStatement, { method, path });
  for (const path of ['/api/users/signin', '/api/users/signup', '/api/admin/signin', '/api/contact/addnew']) {
    expect(counts('POST', path), path).toBe(true);
    expect(counts('POST', path.toUpperCase()), path).toBe(true);
    expect(counts('GET', path), path).toBe(false);
  }
  for (const route of routeList) {
    const path = `/${route.path}`.replace(/\{(\w+)\}/g, 'x1');
    expect(counts(route.method, path), `${route.method} ${path}`).toBe(countsAsAnonymousPost(route.method, path));
    if (route.access !== 'public') expect(counts(route.method, path), `${route.method} ${path}`).toBe(false);
  }
  expect(counts('POST', '/api/upload-links')).toBe(false);
  expect(counts('POST', '/api/uploads/u1/photos/batch')).toBe(false);
  expect(counts('POST', '/api/payments/stripe-webhook')).toBe(false);
  expect(counts('POST', '/api/users/signin/extra')).toBe(false);
  const block = (rate.Action as { Block: { CustomResponse: Record<string, unknown> } }).Block.CustomResponse;
  expect(block).toMatchObject({
    ResponseCode: 429,
    CustomResponseBodyKey: 'TooManyRequests',
    ResponseHeaders: [{ Name: 'retry-after', Value: '300' }],
  });
  const body = props.CustomResponseBodies.TooManyRequests!;
  expect(body.ContentType).toBe('APPLICATION_JSON');
  const envelope = errorEnvelopeSchema.parse(JSON.parse(body.Content));
  expect(envelope).toMatchObject({ statusCode: 429, error: 'TOO_MANY_REQUESTS' });

  // The managed groups after the rate limit, in this order, each applying its own actions...
  const managed = props.Rules.filter((r) => r.Name !== 'AnonymousPostRateLimit').sort(
    (a, b) => a.Priority - b.Priority,
  );
  expect(managed.map((r) => (r.Statement.ManagedRuleGroupStatement as { Name: string }).Name)).toEqual([
    'AWSManagedRulesCommonRuleSet',
    'AWSManagedRulesKnownBadInputsRuleSet',
    'AWSManagedRulesAmazonIpReputationList',
  ]);
  for (const rule of managed) {
    expect(rule.OverrideAction, rule.Name).toEqual({ None: {} });
    expect((rule.Statement.ManagedRuleGroupStatement as { VendorName: string }).VendorName).toBe('AWS');
    expect(rule.Priority).toBeGreaterThan(0);
  }
  // ...except the common set's 8 KB body rule, which only counts: our own limits size bodies, and
  // it refused long leads written in non-Latin scripts with a bare 403.
  const common = managed[0]!.Statement.ManagedRuleGroupStatement as { RuleActionOverrides?: unknown };
  expect(common.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  for (const rule of managed.slice(1)) {
    expect((rule.Statement.ManagedRuleGroupStatement as { RuleActionOverrides?: unknown }).RuleActionOverrides).toBe(
      undefined,
    );
  }

  // Every request is logged to a log group whose name AWS requires to start with aws-waf-logs-,
  // tokens redacted.
  const aclId = Object.keys(template.findResources('AWS::WAFv2::WebACL'))[0]!;
  const logging = Object.values(template.findResources('AWS::WAFv2::LoggingConfiguration'));
  expect(logging).toHaveLength(1);
  const config = logging[0]!.Properties as {
    ResourceArn: unknown;
    LogDestinationConfigs: unknown[];
    RedactedFields: unknown;
  };
  expect(config.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  expect(config.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
  expect(config.LogDestinationConfigs).toHaveLength(1);
  const destination = JSON.stringify(config.LogDestinationConfigs[0]);
  // The bare log group ARN (WAF refuses the `:*` form) of a group named aws-waf-logs-...
  expect(destination).toContain(':log-group:');
  expect(destination).not.toContain(':*');
  const groupId = /"Ref":"(\w+)"\}\]\]\}$/.exec(destination)?.[1];
  const group = template.findResources('AWS::Logs::LogGroup')[groupId ?? '']?.Properties as
    { LogGroupName?: unknown; RetentionInDays?: number } | undefined;
  expect(String(group?.LogGroupName)).toMatch(/^aws-waf-logs-RetouchStudio-test-/);
  expect(group?.RetentionInDays).toBeGreaterThan(0);
  // The CloudWatch Logs delivery service may write to it.
  expect(JSON.stringify(template.findResources('AWS::Logs::ResourcePolicy'))).toContain('delivery.logs.amazonaws.com');
}

function distributionWebAcl(template: Template): unknown {
  const distributions = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  expect(distributions).toHaveLength(1);
  return (distributions[0]!.Properties as { DistributionConfig: { WebACLId?: unknown } }).DistributionConfig.WebACLId;
}

describe('web ACL for an app outside us-east-1', () => {
  const stacks = build('eu-west-1', 'eu');

  it('lives in an edge stack in us-east-1', () => {
    expect(stacks.edge).toBeDefined();
    expect(stacks.edge!.region).toBe('us-east-1');
    checkWebAcl(Template.fromStack(stacks.edge!));
  });

  it('is attached to the distribution through a cross-region reference', () => {
    const app = Template.fromStack(stacks.app);
    app.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const webAcl = distributionWebAcl(app);
    expect(webAcl).toBeDefined();
    expect(JSON.stringify(webAcl)).toMatch(/ExportsReader/);
    app.resourceCountIs('Custom::CrossRegionExportReader', 1);
  });

  it('no longer acknowledges the missing-WAF finding (AwsSolutions-CFR2)', () => {
    const metadata = stacks.app.node.findAll().flatMap((c) => c.node.metadata.map((m) => JSON.stringify(m.data)));
    expect(metadata.some((m) => m.includes('AwsSolutions-CFR4'))).toBe(true);
    expect(metadata.some((m) => m.includes('AwsSolutions-CFR2'))).toBe(false);
  });
});

describe('web ACL for an app in us-east-1', () => {
  const stacks = build('us-east-1', 'us');

  it('lives in the edge stack of the same region, read by the app stack without a cross-region reference', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    const edge = Template.fromStack(stacks.edge);
    checkWebAcl(edge);
    Template.fromStack(stacks.app).resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(JSON.stringify(distributionWebAcl(Template.fromStack(stacks.app)))).toMatch(/^\{"Fn::ImportValue":/);
  });
});

it('refuses an environment-agnostic app: the web ACL needs a known region', () => {
  expect(() => build(undefined, 'none')).toThrow(/region/);
});
