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
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  SSLMethod,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { bucketDefinitions, originHeaderName } from '@studio/shared/platform';
import {
  contentSecurityPolicy,
  frameOptions,
  otherSecurityHeaders,
  referrerPolicy,
  strictTransportSecurity,
  type SecurityHeaderContext,
} from '@studio/shared/security-headers';
import { spaRewriteSource, statusFromMetadataSource } from './spa-rewrite.ts';

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
  /**
   * The secret CloudFront sends to the API as the origin header (`x-origin-verify`): the handlers
   * refuse requests without it, so the API cannot be called around the CDN and its firewall.
   */
  readonly originSecret: ISecret;
  /**
   * The site's own names and their certificate (in us-east-1, as CloudFront requires). Absent: the
   * distribution answers on its *.cloudfront.net name only (a trial stage).
   */
  readonly domain?: { readonly names: readonly string[]; readonly certificate: ICertificate };
}

/** The SHA-256 the CSP's script hashes use (base64). */
export const sha256Base64 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

/** The header values of shared/src/security-headers.ts, as CloudFront serves them (HTTPS). */
export function cdnSecurityHeaders(uploadOrigins: readonly string[]): SecurityHeaderContext {
  return { sha256Base64, uploadOrigins, https: true };
}

/**
 * One origin for the browser: the SPA from the site bucket, `api/*` from the HTTP API and
 * `media/*` from the media bucket, all behind the same security headers.
 */
export class SiteDistribution extends Construct {
  readonly distribution: Distribution;
  /** Read by the viewer-request function, written by the site publisher. */
  readonly releaseStore: KeyValueStore;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    const uploadOrigins = [props.uploadsOrigin, ...(props.applicationsOrigin ? [props.applicationsOrigin] : [])];
    const frameOption = { DENY: HeadersFrameOption.DENY, SAMEORIGIN: HeadersFrameOption.SAMEORIGIN }[frameOptions];
    const referrer = Object.values(HeadersReferrerPolicy).find((value) => value === referrerPolicy);
    if (!referrer) throw new Error(`CloudFront has no referrer policy "${referrerPolicy}"`);
    // The one declaration in shared/src/security-headers.ts, also sent by both local servers.
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Strict CSP, HSTS and framing rules for the site, the API and media',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(cdnSecurityHeaders(uploadOrigins)),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: strictTransportSecurity.includeSubdomains,
          preload: strictTransportSecurity.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption, override: true },
        referrerPolicy: { referrerPolicy: referrer, override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(otherSecurityHeaders).map(([header, value]) => ({
          header,
          value,
          override: true,
        })),
      },
    });

    // The site publisher's current release and the services with a page in it (spa-rewrite.ts).
    this.releaseStore = new KeyValueStore(this, 'Releases', {
      comment: 'Current release of the published pages, and the services that have a page in it',
    });
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Maps a path to its page in the current release, or the app shell for client-side routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRewriteSource(this.releaseStore.keyValueStoreId)),
      keyValueStore: this.releaseStore,
    });
    const statusFromMetadata = new CloudFrontFunction(this, 'StatusFromMetadata', {
      comment: 'Answers the published not-found page with status 404',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(statusFromMetadataSource),
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
      ...(props.domain
        ? {
            domainNames: [...props.domain.names],
            certificate: props.domain.certificate,
            // Browsers of the last years only: TLS 1.2 with forward-secret ciphers, by SNI.
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: SSLMethod.SNI,
          }
        : {}),
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: statusFromMetadata, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        'api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Resolved by CloudFormation from Secrets Manager at deploy time (a dynamic reference:
            // the value is in neither the template nor the CDK output).
            customHeaders: { [originHeaderName]: props.originSecret.secretValue.unsafeUnwrap() },
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

    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'A trial stage without its own domain: with the default *.cloudfront.net certificate CloudFront fixes the viewer security policy and ignores minimumProtocolVersion. With -c domainName=... the distribution gets the ACM certificate and TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge(
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
