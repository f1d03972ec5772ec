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
  it('serves index.html for client-side routes', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/services')).toBe('/index.html');
    expect(rewrite('/services/01HZX3/')).toBe('/index.html');
    expect(rewrite('/admin/jobs/01HZX3')).toBe('/index.html');
  });

  it('leaves files with an extension alone', () => {
    expect(rewrite('/assets/index-3f9a1c.js')).toBe('/assets/index-3f9a1c.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/robots.txt')).toBe('/robots.txt');
  });

  it('looks only at the last path segment', () => {
    expect(rewrite('/v1.2/pricing')).toBe('/index.html');
  });

  it('keeps the rest of the request', () => {
    const request = { uri: '/pricing', querystring: { currency: { value: 'EUR' } } };
    expect(handler({ request })).toEqual({ uri: '/index.html', querystring: { currency: { value: 'EUR' } } });
  });
});
