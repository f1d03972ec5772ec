import { createHash } from 'node:crypto';
import { Duration, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachedMethods,
  CachePolicy,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { earlyReadsScript } from '@studio/shared/early-reads-script';
import { bucketDefinitions } from '@studio/shared/platform';
import { spaRewriteSource } from './spa-rewrite.ts';

export interface SiteDistributionProps {
  /** The built SPA. */
  readonly siteBucket: IBucket;
  /**
   * Catalogue images, served under `media/`. Its bucket policy must already let CloudFront read
   * `media/*` (the bucket lives in the data stack, which cannot reference this distribution).
   */
  readonly mediaBucket: IBucket;
  /** Domain of the HTTP API, without scheme. */
  readonly apiDomainName: string;
  /** `https://<bucket>.s3.<region>.amazonaws.com`: where the browser posts presigned uploads. */
  readonly uploadsOrigin: string;
  /** The same for the applications bucket (resumes and cover letters posted by applicants). */
  readonly applicationsOrigin?: string;
  readonly logBucket: IBucket;
  /** ARN of the WAF web ACL (scope CLOUDFRONT) in front of everything. */
  readonly webAclArn: string;
}

/** The CSP source allowing the one inline script of prerendered pages (shared/src/early-reads-script.ts). */
export const earlyReadsScriptSource = `'sha256-${createHash('sha256').update(earlyReadsScript).digest('base64')}'`;

/**
 * The CSP every response carries. The token lives in localStorage, so script sources stay `'self'`
 * plus the hash of that one inline script: no other inline script runs.
 */
export function contentSecurityPolicy(uploadsOrigin: string, ...moreUploadOrigins: string[]): string {
  return [
    "default-src 'self'",
    // Previews of a job's photos are presigned GETs of the uploads bucket (issue 15).
    `img-src 'self' data: blob: ${uploadsOrigin}`,
    `script-src 'self' ${earlyReadsScriptSource}`,
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${[uploadsOrigin, ...moreUploadOrigins].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * One origin for the browser: the SPA from the site bucket, `api/*` from the HTTP API and
 * `media/*` from the media bucket, all behind the same security headers.
 */
export class SiteDistribution extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Strict CSP, HSTS and framing rules for the site, the API and media',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(
            props.uploadsOrigin,
            ...(props.applicationsOrigin ? [props.applicationsOrigin] : []),
          ),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serves index.html for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRewriteSource),
    });

    // The API decides what is cacheable (Cache-Control on public catalogue reads); everything else
    // passes through. Authorization is in the key so one caller's answer never reaches another.
    const apiCachePolicy = new CachePolicy(this, 'ApiCachePolicy', {
      comment: 'API: honour origin Cache-Control, keyed on Authorization and the query string',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Studio site, API and media',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        'api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would turn a POST into a GET; API clients must speak HTTPS.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: apiCachePolicy,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        [`${bucketDefinitions.media.publicPrefix}*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
      },
    });

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain yet: with the default *.cloudfront.net certificate CloudFront fixes the viewer security policy and ignores minimumProtocolVersion. Attach an ACM certificate with TLSv1.2_2021 together with the custom domain.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The studio serves clients worldwide; there is no country it must block.',
      },
      {
        // The media bucket lives in the data stack; granting this distribution by id from there
        // would make the two stacks depend on each other. The data stack grants CloudFront read on
        // media/* for this account's distributions instead (see data-stack.ts).
        id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        reason: 'The data stack grants CloudFront read access on media/* in the media bucket policy.',
      },
    );
  }
}
