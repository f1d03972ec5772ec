/**
 * The bundles as deployed (issue 19): route groups built by `bundleGroup`, the stack's own build
 * (infra/lib/bundle-settings.ts: the pinned AWS SDK inside, its default credential chain replaced by
 * the environment-only provider, its schemas and the route table cut to what the group uses) answer
 * through the real SDK against the emulators exactly as the unbundled handlers behind the local
 * gateway do, and refuse a request without the origin header. The rest of the suite runs the
 * handlers unbundled, so this is where the deployed form is exercised: DynamoDB (services), a
 * presigned POST (uploads), and S3 reads whose answers the trimmed S3 schemas parse (job-orders).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobResponseSchema } from '@studio/shared/job';
import { originHeaderName } from '@studio/shared/platform';
import type { RouteGroup } from '@studio/shared/routes';
import { listServicesResponseSchema } from '@studio/shared/service';
import { getUploadLinkResponseSchema } from '@studio/shared/upload';
import { bundleEntryFile, bundleGroup, type FunctionBundle } from '../../../infra/lib/bundle-settings.ts';
import { useHandlerEnv } from './handler-env.ts';
import { api } from './support.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

let outDir: string;
const deployed = {} as Record<'services' | 'uploads' | 'job-orders', { bundle: FunctionBundle; handler: Handler }>;

beforeAll(async () => {
  useHandlerEnv();
  // Inside the repository, like the stack's bundles, so that the uploads group's external (sharp,
  // which confirming a photo loads) resolves from node_modules.
  await mkdir(path.join(repoRoot, '.bench'), { recursive: true });
  outDir = await mkdtemp(path.join(repoRoot, '.bench', 'bundle-test-'));
  for (const group of ['services', 'uploads', 'job-orders'] as const satisfies RouteGroup[]) {
    const bundle = await bundleGroup(group, path.join(outDir, group));
    const entry = pathToFileURL(path.join(bundle.outdir, bundleEntryFile)).href;
    deployed[group] = { bundle, handler: ((await import(entry)) as { handler: Handler }).handler };
  }
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

/** An API Gateway v2 event as CloudFront and the JWT authorizer would hand it over. */
function event(
  routeKey: string,
  options: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    claims?: Record<string, string>;
    origin?: boolean;
  } = {},
) {
  const [method, template] = routeKey.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '');
  const headers: Record<string, string> =
    options.origin === false ? {} : { [originHeaderName]: inject('originSecret') };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const rawQueryString = new URLSearchParams(options.query).toString();
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString,
    headers,
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.params ? { pathParameters: options.params } : {}),
    requestContext: {
      requestId: `bundle-test-${randomUUID()}`,
      routeKey,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 't' },
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: null } } } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    isBase64Encoded: false,
  };
}

describe('the services function as deployed', () => {
  it('carries the SDK, with the environment-only credential provider in place of the default chain', () => {
    const inputs = Object.keys(deployed.services.bundle.metafile.inputs).join('\n');
    expect(inputs).toMatch(/node_modules\/@aws-sdk\/client-dynamodb\//);
    expect(inputs).toContain('functions/src/lib/lambda-credentials.ts');
    expect(inputs).not.toMatch(/credential-provider-(node|sso|ini|web-identity)\//);
    // The catalogue checks images in the table: no S3 client in this function.
    expect(inputs).not.toMatch(/@aws-sdk\/client-s3\//);
  });

  it('answers from DynamoDB through the bundled SDK, as the unbundled handler does', async () => {
    const answer = await deployed.services.handler(event('GET /api/services'), context);
    expect(answer.statusCode).toBe(200);
    const local = await api('/api/services');
    expect(JSON.parse(answer.body!)).toEqual(local.json);
    expect((local.json as { services: unknown[] }).services.length).toBeGreaterThan(0);
  });

  it('refuses a request that did not come through the CDN', async () => {
    const refused = await deployed.services.handler(event('GET /api/services', { origin: false }), context);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body!)).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
  });
});

describe('the uploads and job-orders functions as deployed', () => {
  it('sign an upload, then find and check the stored photo through the bundled S3 client', async () => {
    // A client as the authorizer passes it on (a token of the site's app client, #19); the job is
    // written under this id.
    const claims = { sub: randomUUID(), 'cognito:groups': '', client_id: inject('siteClientId') };
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    const linkAnswer = await deployed.uploads.handler(
      event('GET /api/get-upload-link', {
        query: { fileName: 'photo.jpg', contentType: 'image/jpeg', size: String(jpeg.length) },
        claims,
      }),
      context,
    );
    expect(linkAnswer.statusCode, linkAnswer.body).toBe(200);
    const link = getUploadLinkResponseSchema.parse(JSON.parse(linkAnswer.body!)).uploadurl;
    expect(link.key.startsWith(`client-uploads/${claims.sub}/${link.uploadId}/`)).toBe(true);

    // What the browser does with it: post a real photo, then confirm it (issue 15), which reads it
    // back through the bundled S3 client and makes its preview with sharp.
    const form = new FormData();
    for (const [name, value] of Object.entries(link.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    expect((await fetch(link.url, { method: 'POST', body: form })).ok).toBe(true);
    const confirmed = await deployed.uploads.handler(
      event('POST /api/uploads/{uploadId}/photos', {
        params: { uploadId: link.uploadId },
        body: { key: link.key, fileName: 'photo.jpg' },
        claims,
      }),
      context,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);

    // ListObjectsV2 and a ranged GetObject, answered in XML and read by the trimmed schemas.
    const service = listServicesResponseSchema.parse((await api('/api/services')).json).services[0]!;
    const order = {
      serviceId: service.id,
      selectedSubServices: [service.subServices[0]!.id],
      linkType: 'generate',
      uploadId: link.uploadId,
      numberOfPhotos: 1,
    };
    const created = await deployed['job-orders'].handler(event('POST /api/jobs', { body: order, claims }), context);
    expect(created.statusCode, created.body).toBe(201);
    const { job } = jobResponseSchema.parse(JSON.parse(created.body!));
    expect(job).toMatchObject({ clientId: claims.sub, uploadId: link.uploadId, status: 'PENDING' });

    // An upload with nothing in it is refused by the same reads.
    const empty = await deployed['job-orders'].handler(
      event('POST /api/jobs', { body: { ...order, uploadId: '01J00000000000000000000000' }, claims }),
      context,
    );
    expect(empty.statusCode).toBe(400);
  });
});
