/**
 * The security headers are the same wherever the site runs (issue 19): the CDK stack's CloudFront
 * response headers policy, the Vite dev server of `npm start`, and the local production server
 * (scripts/local/site-server.ts, which serves the browser tests the build) all send one declaration
 * (shared/src/security-headers.ts). Only what must differ does: the upload origins in
 * `connect-src` and `img-src` (the S3 buckets in AWS, the S3 emulator here; previews of a job's
 * photos are presigned GETs, issue 15) and HSTS, which is for HTTPS.
 * In the browser the policy is enforced and lets the app post to the S3 emulator.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/lib/app.ts';
import { freePort } from '../../scripts/local/processes.ts';
import { localNames } from '../../scripts/local/provision.ts';
import { startSiteServer } from '../../scripts/local/site-server.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };
import { expect, provided, test } from './fixtures.ts';

type Headers = Record<string, string>;

/** The headers CloudFront adds, read from the synthesized response headers policy. */
const cdkOut = path.join(os.tmpdir(), `headers-cdk-${process.pid}`);

function cdkPolicyHeaders(): Headers {
  const app = new App({
    outdir: cdkOut,
    // Bundling skipped: only the CDN's policy is read.
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
  });
  const stacks = buildApp(app, {
    stage: 'headers',
    env: { region: 'eu-west-1' },
    logLevel: 'info',
    protectData: false,
    webDistDir: undefined,
  });
  const policies = Object.values(
    Template.fromStack(stacks.app).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
  );
  expect(policies).toHaveLength(1);
  const config = policies[0]!.Properties.ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { ContentSecurityPolicy: unknown };
      ContentTypeOptions?: object;
      FrameOptions: { FrameOption: string };
      ReferrerPolicy: { ReferrerPolicy: string };
      StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Preload: boolean };
    };
    CustomHeadersConfig?: { Items: { Header: string; Value: string }[] };
  };
  const security = config.SecurityHeadersConfig;
  const hsts = security.StrictTransportSecurity;
  return {
    'content-security-policy': rendered(security.ContentSecurityPolicy.ContentSecurityPolicy),
    'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
    ...(security.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
    'x-frame-options': security.FrameOptions.FrameOption,
    'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries(
      (config.CustomHeadersConfig?.Items ?? []).map((item) => [item.Header.toLowerCase(), item.Value]),
    ),
  };
}

/** A template string value: deploy-time parts (bucket names, URL suffix) become `<deploy-time>`. */
function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return '<deploy-time>';
  return join[1].map(rendered).join(join[0]);
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const uploadOriginHere = () => new URL(provided('s3Endpoint')).origin;

/**
 * Asserts `served` carries the CDK policy's headers, HSTS aside, with the CSP equal directive by
 * directive but for the upload origins of connect-src and img-src: the S3 emulator here, the two
 * buckets there.
 */
function expectSameAsCdn(served: Headers, cdn: Headers, where: string) {
  const names = Object.keys(cdn).filter((name) => name !== 'strict-transport-security');
  for (const name of names.filter((n) => n !== 'content-security-policy')) {
    expect(served[name], `${where}: ${name}`).toBe(cdn[name]);
  }
  // HSTS is for HTTPS; these servers speak plain HTTP on 127.0.0.1.
  expect(served['strict-transport-security'], where).toBeUndefined();

  const here = directives(served['content-security-policy'] ?? '');
  const there = directives(cdn['content-security-policy']!);
  expect([...here.keys()], where).toEqual([...there.keys()]);
  for (const [name, sources] of there) {
    if (name !== 'connect-src' && name !== 'img-src') {
      expect(here.get(name), `${where}: ${name}`).toEqual(sources);
      continue;
    }
    const bucketOrigins = sources.filter((source) => source.includes('.s3.'));
    expect(bucketOrigins, 'the CDN names the uploads and applications buckets').toHaveLength(2);
    const others = sources.filter((source) => !bucketOrigins.includes(source));
    expect(here.get(name), `${where}: ${name}`).toEqual([...others, uploadOriginHere()]);
  }
}

function headersOf(response: Response): Headers {
  return Object.fromEntries([...response.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]));
}

let cdn: Headers;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cdn = cdkPolicyHeaders();
});

test.afterAll(async () => {
  await rm(cdkOut, { recursive: true, force: true });
});

test.describe('the CDK policy', () => {
  test('declares the headers the local servers are compared with', () => {
    expect(Object.keys(cdn).sort()).toEqual(
      [
        'content-security-policy',
        'cross-origin-opener-policy',
        'permissions-policy',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
      ].sort(),
    );
  });
});

test.describe('the dev server (npm start)', () => {
  for (const pathname of ['/', '/services2', '/src/main.tsx', '/api/services', '/media/nothing-here.png']) {
    test(`sends the CDN policy on ${pathname}, proxied answers included`, async () => {
      const response = await fetch(provided('devSiteUrl') + pathname);
      await response.arrayBuffer();
      expectSameAsCdn(headersOf(response), cdn, `dev ${pathname}`);
    });
  }
});

test.describe('the local production server', () => {
  for (const pathname of ['/', '/faq', '/specific-services/not-a-service', '/signin']) {
    test(`sends the CDN policy on the suite's build: ${pathname}`, async () => {
      const response = await fetch(provided('siteUrl') + pathname);
      await response.arrayBuffer();
      expectSameAsCdn(headersOf(response), cdn, `suite site ${pathname}`);
    });
  }

  let dist: string;
  let site: Awaited<ReturnType<typeof startSiteServer>>;

  test.beforeAll(async () => {
    // The headers belong to the server, not the build: a two-file stand-in for web/dist.
    dist = await mkdtemp(path.join(os.tmpdir(), 'headers-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>t</title><script type="module" src="/assets/a.js"></script>',
    );
    await writeFile(path.join(dist, 'app.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    site = await startSiteServer({
      dist,
      port: await freePort(),
      gatewayUrl: provided('gatewayUrl'),
      s3Url: provided('s3Endpoint'),
      mediaBucket: localNames.mediaBucket,
    });
  });

  test.afterAll(async () => {
    await site?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  for (const pathname of ['/', '/assets/a.js', '/missing.png', '/api/services', '/media/nothing-here.png']) {
    test(`sends the CDN policy on ${pathname} of a stand-in build, proxied answers included`, async () => {
      const response = await fetch(site.url + pathname);
      await response.arrayBuffer();
      expectSameAsCdn(headersOf(response), cdn, `site-server ${pathname}`);
    });
  }
});

test.describe('in the browser', () => {
  test('enforces the policy and lets the page post to the S3 emulator, and nowhere else', async ({ page }) => {
    await page.goto('/services2', { waitUntil: 'networkidle' });
    const outcome = await page.evaluate(async (s3Origin) => {
      const violations: string[] = [];
      // Reported as tasks of their own, after what caused them: awaited until both have come.
      let reported = () => {};
      const bothReported = new Promise<void>((resolve) => (reported = resolve));
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI}`);
        const blocked = (directive: string) => violations.some((v) => v.startsWith(directive));
        if (blocked('script-src') && blocked('connect-src')) reported();
      });
      // An injected inline script does not run.
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      // The S3 emulator may be reached (an opaque answer: CORS is not the question here);
      // another origin is refused by the policy before any connection.
      const toS3 = await fetch(`${s3Origin}/`, { mode: 'no-cors' }).then(
        () => 'reached',
        () => 'refused',
      );
      const elsewhere = await fetch('http://127.0.0.1:9/', { mode: 'no-cors' }).then(
        () => 'reached',
        () => 'refused',
      );
      await bothReported;
      return {
        inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true,
        toS3,
        elsewhere,
        violations,
      };
    }, uploadOriginHere());
    expect(outcome.inlineRan).toBe(false);
    expect(outcome.toS3).toBe('reached');
    expect(outcome.elsewhere).toBe('refused');
    expect(outcome.violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(outcome.violations.some((v) => v.startsWith('connect-src') && v.includes('127.0.0.1:9'))).toBe(true);
    expect(outcome.violations.some((v) => v.includes(uploadOriginHere()))).toBe(false);
  });

  for (const [name, server] of [
    ['the production build', 'siteUrl'],
    ['the dev server', 'devSiteUrl'],
  ] as const) {
    test(`loads the site from ${name} with no violation of the policy`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      for (const pathname of ['/', '/services2', '/career', '/signin']) {
        await page.goto(provided(server) + pathname, { waitUntil: 'networkidle' });
      }
      expect(refused).toEqual([]);
    });
  }
});
