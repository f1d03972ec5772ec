import { describe, expect, it } from 'vitest';
import {
  cloudfrontModuleImport,
  spaRewriteSource,
  statusFromMetadataSource,
  statusMetadataHeader,
} from '../lib/constructs/spa-rewrite.ts';

interface ViewerRequest {
  uri: string;
  querystring?: Record<string, unknown>;
}

/** CloudFront's KeyValueStore as the function sees it (`cf.kvs(id)`), holding `entries`. */
function fakeStore(entries: Record<string, string>, reads: string[] = []) {
  return {
    kvs: (id: string) => {
      expect(id).toBe('store-id');
      return {
        get: async (key: string) => {
          reads.push(key);
          if (!(key in entries)) throw new Error(`key not found: ${key}`);
          return entries[key];
        },
        exists: async (key: string) => key in entries,
      };
    },
  };
}

// Runs the exact source CloudFront runs, its `cloudfront` module given as `cf`; cloudfront-js-2.0
// calls the global `handler`.
function rewriter(entries: Record<string, string>, reads?: string[]) {
  const source = spaRewriteSource('store-id');
  expect(source.startsWith(cloudfrontModuleImport)).toBe(true);
  const handler = new Function('cf', `${source.slice(cloudfrontModuleImport.length)}\nreturn handler;`)(
    fakeStore(entries, reads),
  ) as (event: { request: ViewerRequest }) => Promise<ViewerRequest>;
  return async (uri: string) => (await handler({ request: { uri, querystring: {} } })).uri;
}

const published = { release: '01JREL', 'service:01HZX3': '1' };

describe('SPA rewrite function, before the first release', () => {
  const rewrite = rewriter({});

  it("serves a public page the build's own HTML", async () => {
    expect(await rewrite('/')).toBe('/index.html');
    expect(await rewrite('/services')).toBe('/services/index.html');
    expect(await rewrite('/services2/')).toBe('/services2/index.html');
    expect(await rewrite('/suit/pricing')).toBe('/suit/pricing/index.html');
    expect(await rewrite('/sitemap.xml')).toBe('/sitemap.xml');
  });

  it('serves the service page template for any service id', async () => {
    expect(await rewrite('/specific-services/01HZX3')).toBe('/specific-services/index.html');
    expect(await rewrite('/specific-services/01HZX3/')).toBe('/specific-services/index.html');
    expect(await rewrite('/specific-services/')).toBe('/app.html');
    expect(await rewrite('/specific-services/a/b')).toBe('/app.html');
  });
});

describe('SPA rewrite function, with a current release', () => {
  it("serves a public page and the sitemap from the release, reading the store's release key", async () => {
    const reads: string[] = [];
    const rewrite = rewriter(published, reads);
    expect(await rewrite('/')).toBe('/releases/01JREL/index.html');
    expect(await rewrite('/suit/pricing/')).toBe('/releases/01JREL/suit/pricing/index.html');
    expect(await rewrite('/career')).toBe('/releases/01JREL/career/index.html');
    expect(await rewrite('/sitemap.xml')).toBe('/releases/01JREL/sitemap.xml');
    expect(await rewrite('/robots.txt')).toBe('/releases/01JREL/robots.txt');
    expect(reads).toEqual(['release', 'release', 'release', 'release', 'release']);
  });

  it("serves a listed service its page, and an unknown id the release's not-found page", async () => {
    const rewrite = rewriter(published);
    expect(await rewrite('/specific-services/01HZX3')).toBe('/releases/01JREL/specific-services/01HZX3/index.html');
    expect(await rewrite('/specific-services/01HZX3/')).toBe('/releases/01JREL/specific-services/01HZX3/index.html');
    expect(await rewrite('/specific-services/01NOPE')).toBe('/releases/01JREL/404.html');
  });

  it('serves the app shell for every other client-side route, and leaves files alone', async () => {
    const rewrite = rewriter(published);
    expect(await rewrite('/services/01HZX3/')).toBe('/app.html');
    expect(await rewrite('/admin/jobs/01HZX3')).toBe('/app.html');
    expect(await rewrite('/dashboard')).toBe('/app.html');
    expect(await rewrite('/not-a-page')).toBe('/app.html');
    expect(await rewrite('/v1.2/pricing')).toBe('/app.html');
    expect(await rewrite('/assets/index-3f9a1c.js')).toBe('/assets/index-3f9a1c.js');
    expect(await rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('keeps the rest of the request', async () => {
    const source = spaRewriteSource('store-id').slice(cloudfrontModuleImport.length);
    const handler = new Function('cf', `${source}\nreturn handler;`)(fakeStore(published)) as (event: {
      request: ViewerRequest;
    }) => Promise<ViewerRequest>;
    const request = { uri: '/pricing', querystring: { currency: { value: 'EUR' } } };
    expect(await handler({ request })).toEqual({ uri: '/app.html', querystring: { currency: { value: 'EUR' } } });
  });
});

describe('status from metadata function', () => {
  type Response = { statusCode: number; statusDescription?: string; headers: Record<string, { value: string }> };
  const handler = new Function(`${statusFromMetadataSource}\nreturn handler;`)() as (event: {
    response: Response;
  }) => Response;

  it('answers an object marked 404 with 404, and drops the marker', () => {
    const response = handler({
      response: {
        statusCode: 200,
        headers: { [statusMetadataHeader]: { value: '404' }, 'content-type': { value: 'text/html' } },
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers[statusMetadataHeader]).toBeUndefined();
    expect(response.headers['content-type']).toEqual({ value: 'text/html' });
  });

  it('leaves every other response as it is', () => {
    const response = { statusCode: 200, headers: { 'content-type': { value: 'text/html' } } };
    expect(handler({ response: structuredClone(response) })).toEqual(response);
  });
});
