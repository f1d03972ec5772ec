/**
 * The security headers of every response of the site, its API and its media: declared once here,
 * read by the CDK stack's CloudFront response headers policy (infra `site-distribution.ts`), the
 * Vite dev server (`npm start`, web/build/security-headers-plugin.ts) and the local production
 * server (scripts/local/site-server.ts). Plain data and string building only.
 *
 * The token lives in localStorage (spec), so scripts are `'self'` plus the hash of the one inline
 * script published pages carry, the signed-in mark of ./session-mark.ts: no other inline script
 * runs (the pages' data and structured data are JSON data blocks, which no policy runs).
 */
import { sessionMarkScript } from './session-mark.ts';

/** Inline scripts the site itself ships, allowed by their SHA-256 in `script-src`. */
export const siteInlineScripts: readonly string[] = [sessionMarkScript];

/**
 * HSTS, sent only over HTTPS (the CDN): browsers ignore it over plain HTTP, and the local servers
 * are plain HTTP on 127.0.0.1, where pinning HTTPS would only get in the way.
 */
export const strictTransportSecurity = { maxAgeSeconds: 63_072_000, includeSubdomains: true, preload: true } as const;

/** `X-Frame-Options`: never framed (with `frame-ancestors 'none'` for browsers that read the CSP). */
export const frameOptions = 'DENY';
export const referrerPolicy = 'strict-origin-when-cross-origin';
export const contentTypeOptions = 'nosniff';

/**
 * Headers CloudFront's response headers policy has no field of its own for (sent as custom headers).
 * The site uses none of these browser features: file inputs need no camera permission.
 */
export const otherSecurityHeaders = {
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** What differs between the places the site is served from. */
export interface SecurityHeaderContext {
  /** SHA-256 of a text, base64 (every caller runs on Node: `node:crypto`). */
  sha256Base64(text: string): string;
  /**
   * Origins the browser posts uploads to with presigned POSTs: the uploads and applications buckets
   * (`https://<bucket>.s3.<region>.amazonaws.com`), or locally the S3 emulator.
   */
  uploadOrigins: readonly string[];
  /** Served over HTTPS: adds HSTS. */
  https: boolean;
  /**
   * Vite's dev server with hot reload only (`npm start`): the inline script of React Fast Refresh,
   * allowed by its hash. Nothing else is relaxed in development.
   */
  devServer?: { inlineScripts: readonly string[] };
}

/** The CSP as ordered directives, for the header and for tests comparing two places. */
export function contentSecurityPolicyDirectives(context: SecurityHeaderContext): [string, string[]][] {
  const inline = [...siteInlineScripts, ...(context.devServer?.inlineScripts ?? [])];
  return [
    ['default-src', ["'self'"]],
    // Previews of a job's photos are presigned GETs of the uploads bucket (issue 15).
    ['img-src', ["'self'", 'data:', 'blob:', ...context.uploadOrigins]],
    ['script-src', ["'self'", ...inline.map((script) => `'sha256-${context.sha256Base64(script)}'`)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['connect-src', ["'self'", ...context.uploadOrigins]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
}

export function contentSecurityPolicy(context: SecurityHeaderContext): string {
  return contentSecurityPolicyDirectives(context)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every security header as sent, names lower-case: what the local servers add to each response. */
export function securityHeaders(context: SecurityHeaderContext): Record<string, string> {
  const hsts = strictTransportSecurity;
  return {
    'content-security-policy': contentSecurityPolicy(context),
    ...(context.https
      ? {
          'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}${hsts.preload ? '; preload' : ''}`,
        }
      : {}),
    'x-content-type-options': contentTypeOptions,
    'x-frame-options': frameOptions,
    'referrer-policy': referrerPolicy,
    ...otherSecurityHeaders,
  };
}
