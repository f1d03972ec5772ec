/**
 * The bundles as deployed (issue 19): route groups built by `bundleGroup`, the stack's own build
 * (infra/lib/bundle-settings.ts: the pinned AWS SDK, Powertools and Stripe inside, as published,
 * the route table cut to what the group uses) answer through the real SDK clients against the
 * emulators exactly as the unbundled handlers behind the local gateway do, and refuse a request
 * without the origin header. The rest of the suite runs the handlers unbundled, so this is where
 * the deployed form is exercised: Secrets Manager (the origin secret of every function, the
 * Stripe keys; a small stand-in, no emulator of it runs here), DynamoDB (services), a presigned
 * POST (uploads), S3 reads, Cognito's AdminGetUser and Lambda's Invoke of the files worker
 * (job-orders), a Stripe checkout session created and found again (payments), and the invoice
 * PDF with its fonts shipped next to the bundle (documents).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { invoiceResponseSchema } from '@studio/shared/invoice';
import { jobResponseSchema } from '@studio/shared/job';
import { checkoutResponseSchema } from '@studio/shared/payment';
import {
  handlerEnvNames,
  operationsEnvNames,
  originHeaderName,
  siteUrlEnvName,
  stripeEnvNames,
} from '@studio/shared/platform';
import type { RouteGroup } from '@studio/shared/routes';
import { listServicesResponseSchema } from '@studio/shared/service';
import { getUploadLinkResponseSchema } from '@studio/shared/upload';
import { pdfText } from '../../../scripts/test-setup/pdf-text.ts';
import { bundleEntryFile, bundleGroup, type FunctionBundle } from '../../../infra/lib/bundle-settings.ts';
import { localNames, localRegion } from '../../../scripts/local/provision.ts';
import { secretsManagerStandIn } from '../../../scripts/test-setup/secrets-manager.ts';
import { useHandlerEnv } from './handler-env.ts';
import { confirm, jpegPhoto } from './job-files-support.ts';
import { api } from './support.ts';
import { freshClient } from './test-clients.ts';

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

// The handlers' own reads, pointed at the stack's emulators before they are loaded.
useHandlerEnv();
const { photosKeptAt } = await import('../../src/data/job-files.ts');

let outDir: string;
const groups = ['services', 'uploads', 'job-orders', 'payments', 'documents'] as const satisfies RouteGroup[];
const deployed = {} as Record<(typeof groups)[number], { bundle: FunctionBundle; handler: Handler }>;

// The secrets as the CDK stack keeps them: in Secrets Manager, named by ARN in the environment.
const arn = (name: string) => `arn:aws:secretsmanager:${localRegion}:123456789012:secret:${name}-AbCdEf`;
const secretArns = { origin: arn('origin'), stripeKey: arn('stripe-key'), stripeWebhook: arn('stripe-webhook') };
const secrets = secretsManagerStandIn();

beforeAll(async () => {
  useHandlerEnv();
  secrets.secrets.set(secretArns.origin, { current: inject('originSecret') });
  secrets.secrets.set(secretArns.stripeKey, { current: inject('stripeSecretKey') });
  secrets.secrets.set(secretArns.stripeWebhook, { current: inject('stripeWebhookSecret') });
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: await secrets.start(),
    [operationsEnvNames.originSecretArn]: secretArns.origin,
    [stripeEnvNames.secretKeyArn]: secretArns.stripeKey,
    [stripeEnvNames.webhookSecretArn]: secretArns.stripeWebhook,
    [stripeEnvNames.apiUrl]: inject('stripeEmulatorUrl'),
    [siteUrlEnvName]: inject('siteUrl'),
    // The files worker, started by a new job through Lambda's Invoke API (the stack's stand-in).
    AWS_ENDPOINT_URL_LAMBDA: inject('lambdaEndpoint'),
    [handlerEnvNames.filesWorkerFunction]: localNames.filesWorker,
  });
  // Exactly one of the origin secret's two settings: the ARN, as deployed.
  delete process.env[operationsEnvNames.originSecret];
  delete process.env[stripeEnvNames.secretKey];
  delete process.env[stripeEnvNames.webhookSecret];
  // None of these groups has an external to resolve (only the images group loads sharp).
  outDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-test-'));
  for (const group of groups) {
    const bundle = await bundleGroup(group, path.join(outDir, group));
    const entry = pathToFileURL(path.join(bundle.outdir, bundleEntryFile)).href;
    deployed[group] = { bundle, handler: ((await import(entry)) as { handler: Handler }).handler };
  }
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
  await secrets.close();
});

const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

/** An API Gateway v2 event as CloudFront and the JWT authorizer would hand it over. */
function event(
  routeKey: string,
  options: {
    query?: Record<string, string>;
    body?: unknown;
    claims?: Record<string, string>;
    origin?: boolean;
    /** The `{id}` of a route's path. */
    id?: string;
  } = {},
) {
  const [method, template] = routeKey.split(' ') as [string, string];
  const path = options.id ? template.replace('{id}', options.id) : template;
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
    ...(options.id ? { pathParameters: { id: options.id } } : {}),
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
  it('carries the SDK with its own credential chain, and Powertools', () => {
    const inputs = Object.keys(deployed.services.bundle.metafile.inputs).join('\n');
    expect(inputs).toMatch(/node_modules\/@aws-sdk\/client-dynamodb\//);
    expect(inputs).toMatch(/node_modules\/@aws-sdk\/credential-provider-node\//);
    expect(inputs).toMatch(/node_modules\/@aws-lambda-powertools\/(logger|metrics|tracer)\//);
    // The catalogue checks images in the table: no S3 client in this function.
    expect(inputs).not.toMatch(/@aws-sdk\/client-s3\//);
    // Secrets Manager's client is loaded with the first request, not at start.
    expect(deployed.services.bundle.lazyChunks.length).toBeGreaterThan(0);
  });

  it('answers from DynamoDB through the bundled SDK, as the unbundled handler does', async () => {
    const answer = await deployed.services.handler(event('GET /api/services'), context);
    expect(answer.statusCode).toBe(200);
    // The origin header was checked against the secret, read through the bundled Secrets Manager client.
    expect(secrets.reads).toContainEqual({ secretId: secretArns.origin, stage: 'AWSCURRENT' });
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
    // A client as the authorizer passes it on (its token for the unbundled confirmation below).
    const client = await freshClient();
    const claims = { sub: client.userId, 'cognito:groups': '', client_id: inject('siteClientId') };
    const photo = await jpegPhoto(19);
    const linkAnswer = await deployed.uploads.handler(
      event('GET /api/get-upload-link', {
        query: { fileName: 'photo.jpg', contentType: 'image/jpeg', size: String(photo.length) },
        claims,
      }),
      context,
    );
    expect(linkAnswer.statusCode, linkAnswer.body).toBe(200);
    const link = getUploadLinkResponseSchema.parse(JSON.parse(linkAnswer.body!)).uploadurl;
    expect(link.key.startsWith(`client-uploads/${claims.sub}/${link.uploadId}/`)).toBe(true);

    // What the browser does with it: post the file, then have it confirmed (since #15 a job bills
    // confirmed photos only; the confirmation makes a preview with sharp, so it goes through the gateway).
    const form = new FormData();
    for (const [name, value] of Object.entries(link.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    expect((await fetch(link.url, { method: 'POST', body: form })).ok).toBe(true);
    const confirmed = await confirm(client.token, link.uploadId, link.key, 'photo.jpg');
    expect(confirmed.status, confirmed.text).toBe(201);

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
    // The client's name and e-mail, read from Cognito by the bundle's AdminGetUser.
    expect(job.client?.email).toBe(client.email);
    // The new job's photos are kept by the files worker, which the bundle started through Lambda's
    // Invoke API: the stack's stand-in runs the worker, which marks the job.
    const deadline = Date.now() + 30_000;
    while (!(await photosKeptAt(job.id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await photosKeptAt(job.id)).toEqual(expect.any(String));

    // An upload with nothing in it is refused by the same reads.
    const empty = await deployed['job-orders'].handler(
      event('POST /api/jobs', { body: { ...order, uploadId: '01J00000000000000000000000' }, claims }),
      context,
    );
    expect(empty.statusCode).toBe(400);
  });
});

describe('the payments and documents functions as deployed', () => {
  it('start a Stripe checkout with the keys from Secrets Manager, and render the invoice PDF', async () => {
    const client = await freshClient({ name: 'Łukasz Żółć Дмитрий' });
    const claims = { sub: client.userId, 'cognito:groups': '', client_id: inject('siteClientId') };
    const service = listServicesResponseSchema
      .parse((await api('/api/services')).json)
      .services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'EUR')))!;
    const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'EUR'))!;
    const order = {
      serviceId: service.id,
      selectedSubServices: [sub.id],
      currency: 'EUR',
      linkType: 'own',
      dropboxLink: 'https://www.dropbox.com/sh/bundle-test',
      numberOfPhotos: 3,
    };
    const created = await deployed['job-orders'].handler(event('POST /api/jobs', { body: order, claims }), context);
    expect(created.statusCode, created.body).toBe(201);
    const { job } = jobResponseSchema.parse(JSON.parse(created.body!));

    // checkout.sessions.create, then .retrieve for the same open session.
    const start = () =>
      deployed.payments.handler(event('POST /api/jobs/{id}/checkout', { id: job.id, claims }), context);
    const first = await start();
    expect(first.statusCode, first.body).toBe(200);
    const session = checkoutResponseSchema.parse(JSON.parse(first.body!));
    expect(session.url.startsWith(`${inject('stripeEmulatorUrl')}/checkout/`)).toBe(true);
    const again = await start();
    expect(again.statusCode, again.body).toBe(200);
    expect(checkoutResponseSchema.parse(JSON.parse(again.body!)).sessionId).toBe(session.sessionId);
    const stripeSecrets = secrets.reads.filter((read) => read.secretId !== secretArns.origin);
    expect(stripeSecrets.map((read) => read.secretId).sort()).toEqual([secretArns.stripeKey, secretArns.stripeWebhook]);

    const invoice = await deployed.documents.handler(
      event('GET /api/jobs/{id}/invoice', { id: job.id, claims }),
      context,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    const { url, invoiceNumber } = invoiceResponseSchema.parse(JSON.parse(invoice.body!));
    const pdf = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain(`INVOICE`);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(sub.name);
    expect(text).toContain(`€`);
    // The name from Cognito, in the font shipped next to the bundle.
    expect(text.split('\n')).toContain('Łukasz Żółć Дмитрий');
    expect(deployed.documents.bundle.packageFiles).toContain(
      'node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    );
  });
});
