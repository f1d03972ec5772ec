import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { repoRoot } from '../lib/paths.ts';

/** The feature flags and context of cdk.json, so a test synthesizes what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
}

/** An app for template tests: cdk.json's context, function bundling skipped (the templates are what is checked). */
export function templateApp(outdir: string, extraContext: Record<string, unknown> = {}): App {
  return new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...extraContext } });
}

/**
 * A stand-in for `web/dist` and its renderer in `dir`, so the site upload and the site publisher
 * are synthesized without a web build. Returns the `webDistDir` to give buildApp.
 */
export function fakeWebBuild(dir: string): string {
  const webDist = join(dir, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc.js"></script>',
  );
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log("site")');
  mkdirSync(`${webDist}-render`, { recursive: true });
  writeFileSync(join(`${webDist}-render`, 'entry-server.js'), 'export async function renderSite() {}');
  writeFileSync(join(`${webDist}-render`, 'template.json'), '{}');
  return webDist;
}

/** The three ways the site can be named (settings.ts): none (a trial), a Route 53 zone, a certificate. */
export const domainForms = {
  trial: undefined,
  zone: {
    domainName: 'studio.example.com',
    alternateDomainNames: ['www.studio.example.com'],
    hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  },
  certificate: {
    domainName: 'studio.example.com',
    alternateDomainNames: ['www.studio.example.com'],
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
    originCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/66666666-7777-8888-9999-000000000000',
  },
} as const;
