import { describe, expect, it } from 'vitest';
import { spaRewriteSource } from '../lib/constructs/spa-rewrite.ts';

interface ViewerRequest {
  uri: string;
  querystring?: Record<string, unknown>;
}

// Runs the exact source CloudFront runs; cloudfront-js-2.0 calls the global `handler`.
const handler = new Function(`${spaRewriteSource}\nreturn handler;`)() as (event: {
  request: ViewerRequest;
}) => ViewerRequest;

function rewrite(uri: string): string {
  return handler({ request: { uri, querystring: {} } }).uri;
}

describe('SPA rewrite function', () => {
  it('serves a prerendered public page its own HTML', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/services')).toBe('/services/index.html');
    expect(rewrite('/services2/')).toBe('/services2/index.html');
    expect(rewrite('/suit/pricing')).toBe('/suit/pricing/index.html');
    expect(rewrite('/career')).toBe('/career/index.html');
  });

  it('serves the service page template for any service id', () => {
    expect(rewrite('/specific-services/01HZX3')).toBe('/specific-services/index.html');
    expect(rewrite('/specific-services/01HZX3/')).toBe('/specific-services/index.html');
    expect(rewrite('/specific-services/')).toBe('/app.html');
    expect(rewrite('/specific-services/a/b')).toBe('/app.html');
  });

  it('serves the app shell for every other client-side route', () => {
    expect(rewrite('/services/01HZX3/')).toBe('/app.html');
    expect(rewrite('/admin/jobs/01HZX3')).toBe('/app.html');
    expect(rewrite('/dashboard')).toBe('/app.html');
    expect(rewrite('/not-a-page')).toBe('/app.html');
  });

  it('leaves files with an extension alone', () => {
    expect(rewrite('/assets/index-3f9a1c.js')).toBe('/assets/index-3f9a1c.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/robots.txt')).toBe('/robots.txt');
  });

  it('looks only at the last path segment', () => {
    expect(rewrite('/v1.2/pricing')).toBe('/app.html');
  });

  it('keeps the rest of the request', () => {
    const request = { uri: '/pricing', querystring: { currency: { value: 'EUR' } } };
    expect(handler({ request })).toEqual({ uri: '/app.html', querystring: { currency: { value: 'EUR' } } });
  });
});
