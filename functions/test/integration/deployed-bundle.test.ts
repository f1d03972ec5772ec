/**
 * The bundle as deployed (issue 19): a route group built with the stack's own esbuild settings
 * (infra/lib/bundle-settings.ts: the pinned AWS SDK inside, its default credential chain replaced by
 * the environment-only provider) answers through the real SDK against the emulators exactly as the
 * unbundled handler behind the local gateway does, and refuses a request without the origin header.
 * The rest of the suite runs the handlers unbundled, so this is where the deployed form is exercised.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { originHeaderName } from '@studio/shared/platform';
import { bundleEntryFile, bundleGroup } from '../../../infra/lib/bundle-settings.ts';
import { useHandlerEnv } from './handler-env.ts';
import { api } from './support.ts';

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

let outDir: string;
let handler: Handler;
let bundle: string;

beforeAll(async () => {
  useHandlerEnv();
  // The services bundle has no external to resolve (only the images group loads sharp).
  outDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-test-'));
  const built = await bundleGroup('services', outDir);
  bundle = Object.keys(built.metafile.inputs).join('\n');
  handler = ((await import(pathToFileURL(path.join(outDir, bundleEntryFile)).href)) as { handler: Handler }).handler;
}, 60_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

function event(headers: Record<string, string>) {
  return {
    version: '2.0',
    routeKey: 'GET /api/services',
    rawPath: '/api/services',
    rawQueryString: '',
    headers,
    requestContext: {
      requestId: 'bundle-test',
      routeKey: 'GET /api/services',
      http: { method: 'GET', path: '/api/services', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 't' },
    },
    isBase64Encoded: false,
  };
}

describe('the services function as deployed', () => {
  it('carries the SDK, with the environment-only credential provider in place of the default chain', () => {
    expect(bundle).toMatch(/node_modules\/@aws-sdk\/client-dynamodb\//);
    expect(bundle).toContain('functions/src/lib/lambda-credentials.ts');
    expect(bundle).not.toMatch(/credential-provider-(node|sso|ini|web-identity)\//);
  });

  it('answers from DynamoDB through the bundled SDK, as the unbundled handler does', async () => {
    const deployed = await handler(event({ [originHeaderName]: inject('originSecret') }), context);
    expect(deployed.statusCode).toBe(200);
    const local = await api('/api/services');
    expect(JSON.parse(deployed.body!)).toEqual(local.json);
    expect((local.json as { services: unknown[] }).services.length).toBeGreaterThan(0);
  });

  it('refuses a request that did not come through the CDN', async () => {
    const refused = await handler(event({}), context);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body!)).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
  });
});
