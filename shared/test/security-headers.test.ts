import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicyDirectives, securityHeaders } from '../src/security-headers.ts';
import { sessionMarkScript } from '../src/session-mark.ts';

const sha256Base64 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const local = { sha256Base64, uploadOrigins: ['http://127.0.0.1:4568'], https: false };

describe('security headers', () => {
  it('allows scripts from the site itself only, and the one inline script by its hash', () => {
    const scripts = new Map(contentSecurityPolicyDirectives(local)).get('script-src');
    expect(scripts).toEqual(["'self'", `'sha256-${sha256Base64(sessionMarkScript)}'`]);
    expect(securityHeaders(local)['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('lets the page post uploads to the given origins only', () => {
    expect(new Map(contentSecurityPolicyDirectives(local)).get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4568',
    ]);
  });

  it('sends HSTS over HTTPS only', () => {
    expect(securityHeaders(local)['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ ...local, https: true })['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
  });

  it("relaxes the dev server's policy by the hashes of its own inline scripts and nothing more", () => {
    const dev = { ...local, devServer: { inlineScripts: ['window.x = 1'] } };
    const withDev = new Map(contentSecurityPolicyDirectives(dev));
    const without = new Map(contentSecurityPolicyDirectives(local));
    for (const [name, sources] of without) {
      if (name === 'script-src')
        expect(withDev.get(name)).toEqual([...sources, `'sha256-${sha256Base64('window.x = 1')}'`]);
      else expect(withDev.get(name)).toEqual(sources);
    }
  });
});
