import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { errorEnvelope } from '@studio/shared/errors';

export interface SiteFirewallProps {
  /** Most POSTs to `/api/` one client IP may send per five minutes before being answered 429. */
  readonly apiPostsPerFiveMinutes?: number;
}

/** Seconds a refused client is told to wait: the rate rule's evaluation window. */
const windowSeconds = 300;

/**
 * The web ACL in front of the CDN (scope CLOUDFRONT, so its stack must be in us-east-1): AWS's
 * common managed rule set, and a per-IP rate limit on POSTs to the API, the anonymous forms
 * bots hammer (the local gateway enforces the same kind of limit, see scripts/local/rate-limit.ts).
 * A client over the limit gets 429 in the API's error envelope with a Retry-After header.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SiteFirewallProps = {}) {
    super(scope, id);
    const limit = props.apiPostsPerFiveMinutes ?? 100;
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const tooManyRequests = errorEnvelope(
      'TOO_MANY_REQUESTS',
      'Too many requests from your network. Please wait a few minutes and try again.',
    );

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Studio CDN: AWS common rules and a per-IP rate limit on API POSTs',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('studio-web-acl'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify(tooManyRequests) },
      },
      rules: [
        {
          // First, so a flood is cut off before the managed rules spend time on it.
          name: 'ApiPostRateLimit',
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
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'STARTS_WITH',
                        searchString: '/api/',
                        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('studio-api-post-rate'),
        },
        {
          name: 'AwsCommonRules',
          priority: 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesCommonRuleSet' } },
          visibilityConfig: visibility('studio-aws-common'),
        },
      ],
    });
  }
}
