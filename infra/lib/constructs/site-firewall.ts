import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { anonymousPostLimit, anonymousPostPaths } from '@studio/shared/anonymous-limit';
import { errorEnvelope } from '@studio/shared/errors';
import { logRetention } from '../retention.ts';

export interface SiteFirewallProps {
  /**
   * Most anonymous POSTs one client IP may send per five minutes before being answered 429.
   * @default anonymousPostLimit.requests (shared/src/anonymous-limit.ts, as the local gateway)
   */
  readonly anonymousPostsPerFiveMinutes?: number;
  /**
   * Prefix of the CloudWatch metric names (the web ACL's is `<prefix>-web-acl`), so stages sharing
   * an account do not add up in one metric. @default 'studio'
   */
  readonly metricPrefix?: string;
}

/**
 * Rules of AWS's common rule set answered by our own checks instead: `SizeRestrictions_BODY`
 * blocks bodies over 8 KB with a bare 403, which refuses a legitimate long lead in a non-Latin
 * script (3 bytes a character); our schemas cap every field and API Gateway the body, so the rule
 * only counts.
 */
export const commonRulesCounted = ['SizeRestrictions_BODY'] as const;

/** The AWS managed rule groups, in evaluation order after the rate limit. */
export const managedRuleGroups = [
  { rule: 'AwsCommonRules', group: 'AWSManagedRulesCommonRuleSet' },
  { rule: 'AwsKnownBadInputs', group: 'AWSManagedRulesKnownBadInputsRuleSet' },
  { rule: 'AwsIpReputation', group: 'AWSManagedRulesAmazonIpReputationList' },
] as const;

/** Seconds a refused client is told to wait: the rate rule's evaluation window. */
const windowSeconds = anonymousPostLimit.windowSeconds;

/**
 * The web ACL in front of the CDN (scope CLOUDFRONT, so its stack must be in us-east-1): a per-IP
 * rate limit on the anonymous POSTs bots hammer (forms, sign-up, sign-in: the one rule of
 * shared/src/anonymous-limit.ts, which the local gateway enforces too), then AWS's common, known-bad-inputs and
 * IP-reputation rule groups. A client over the limit gets 429 in the API's error envelope with a
 * Retry-After header. Every request the ACL evaluates is logged to an `aws-waf-logs-` log group
 * (AWS requires that prefix), with the Authorization header redacted.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  /** The ACL's CloudWatch metric name: the `WebACL` dimension of its metrics. */
  readonly metricName: string;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: SiteFirewallProps = {}) {
    super(scope, id);
    const limit = props.anonymousPostsPerFiveMinutes ?? anonymousPostLimit.requests;
    const prefix = props.metricPrefix ?? 'studio';
    const visibility = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${prefix}-${name}`,
    });
    this.metricName = `${prefix}-web-acl`;
    const tooManyRequests = errorEnvelope(
      'TOO_MANY_REQUESTS',
      'Too many requests from your network. Please wait a few minutes and try again.',
    );

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description:
        'Studio CDN: a per-IP rate limit on anonymous API POSTs, AWS common, known-bad-input and IP-reputation rules',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify(tooManyRequests) },
      },
      rules: [
        {
          // First, so a flood is cut off before the managed rules spend time on it.
          name: 'AnonymousPostRateLimit',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'TooManyRequests',
                responseHeaders: [{ name: 'retry-after', value: String(windowSeconds) }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit,
              evaluationWindowSec: windowSeconds,
              aggregateKeyType: 'IP',
              // POST to one of the anonymous routes' paths: a signed-in client's uploads and
              // edits are never counted by address (an office shares one), only per account.
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { method: {} },
                        positionalConstraint: 'EXACTLY',
                        searchString: 'POST',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                    {
                      orStatement: {
                        statements: anonymousPostPaths.map((path) => ({
                          byteMatchStatement: {
                            fieldToMatch: { uriPath: {} },
                            positionalConstraint: 'EXACTLY',
                            searchString: path,
                            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                          },
                        })),
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('anonymous-post-rate'),
        },
        ...managedRuleGroups.map(({ rule, group }, index) => ({
          name: rule,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group,
              ...(group === 'AWSManagedRulesCommonRuleSet'
                ? { ruleActionOverrides: commonRulesCounted.map((name) => ({ name, actionToUse: { count: {} } })) }
                : {}),
            },
          },
          visibilityConfig: visibility(rule.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()),
        })),
      ],
    });

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${Stack.of(this).stackName}`,
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stack = Stack.of(this);
    // The ARN without the `:*` suffix CDK's logGroupArn carries: WAF refuses that form.
    const logGroupArn = stack.formatArn({
      service: 'logs',
      resource: 'log-group',
      resourceName: this.logGroup.logGroupName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    // WAF delivers through the CloudWatch Logs delivery service; this is the policy it would
    // otherwise add to the account by itself on first use.
    this.logGroup.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [`${logGroupArn}:*`],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:logs:${stack.region}:${stack.account}:*` },
        },
      }),
    );
    const logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [logGroupArn],
      // Tokens never reach the logs; the rest of the request (path, IP, country, rule) is what an
      // operator needs to tell an attack from a rule refusing real visitors.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    });
    logging.node.addDependency(this.logGroup);
  }
}
