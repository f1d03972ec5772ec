/**
 * Publish on write (issue 20), in its production shape against the suite's stack: the suite's
 * production build and its renderer, the site publisher fed by DynamoDB Local's stream (the same function, filter and
 * batching window as on AWS), writing releases to a bucket of this test's own on the S3 emulator,
 * and the local site server serving the current release as CloudFront does. A staff member saves
 * in the console; the published HTML, fetched as a crawler fetches it (no script runs), then
 * holds the new values. Other suites change the catalogue meanwhile: this one creates and edits
 * a service and an opening of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { jobOpeningWriteResponseSchema, type JobOpeningBody } from '@studio/shared/content-admin';
import {
  confirmImageResponseSchema,
  createImageUploadLinkResponseSchema,
  serviceWriteResponseSchema,
  subServiceWriteResponseSchema,
} from '@studio/shared/catalog-admin';
import type { Service } from '@studio/shared/service';
import { listSliderImagesResponseSchema } from '@studio/shared/slider-image';
import { currentReleaseKey, type ReleaseManifest } from '@studio/shared/site-render';
import { useHandlerEnv } from '../../functions/test/integration/handler-env.ts';
import { freePort } from '../../scripts/local/processes.ts';
import { localCredentials, localNames, localRegion, s3Client } from '../../scripts/local/provision.ts';
import { startSitePublisher, type SitePublisher } from '../../scripts/local/site-publisher.ts';
import { startSiteServer } from '../../scripts/local/site-server.ts';
import { startStreamConsumer } from '../../scripts/local/stream-consumer.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { hydrated } from './page-support.ts';
import { axeViolations } from './axe.ts';
import { enterAuthenticatorCode, signInAtAdminLogin, staffAccount, staffApiSession } from './staff-support.ts';
import { structuredData } from './structured-data.ts';

// Never beside another shared-state file (playwright.config.ts): this one adds, changes and deletes a
// service, an opening and a hero slide.
test.describe.configure({ lock: sharedStateLock });

/**
 * How long a change may take to be published here. The bench measures the real figure
 * (`npm run bench -- --only site`: about 2.5 s); this bound only keeps a broken publisher from
 * hanging the suite, on a machine that runs the whole suite at once (the tests below allow for
 * a few such waits).
 */
const publishedWithin = 30_000;

const suffix = Date.now().toString(36);
const siteBucket = `studio-site-test-${suffix}`;
let tempDir: string;
let publisher: SitePublisher;
let site: Awaited<ReturnType<typeof startSiteServer>>;
let token: string;
let service: Service;
let openingId: string;

async function staffApi<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${provided('gatewayUrl')}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A catalogue image as the console uploads one: presigned POST, then `POST api/images`. */
async function uploadImage(color: string): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  const { upload } = createImageUploadLinkResponseSchema.parse(
    await staffApi('POST', '/api/images/upload-link', {
      fileName: 'photo.png',
      contentType: 'image/png',
      size: body.length,
    }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'photo.png');
  expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return confirmImageResponseSchema.parse(await staffApi('POST', '/api/images', { key: upload.key })).image.url;
}

/** The published HTML of a path, as a crawler fetches it. */
async function published(pathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(site.url + pathname);
  return { status: response.status, html: await response.text() };
}

async function until(pathname: string, holds: (html: string) => boolean): Promise<string> {
  let html = '';
  await expect
    .poll(async () => holds((html = (await published(pathname)).html)), { timeout: publishedWithin, intervals: [100] })
    .toBe(true);
  return html;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  useHandlerEnv();
  // The publisher's S3 client is made as its module loads: path-style for the emulator.
  process.env.S3_FORCE_PATH_STYLE = 'true';
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'studio-publish-'));
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  await s3Client(provided('s3Endpoint')).send(new CreateBucketCommand({ Bucket: siteBucket }));
  publisher = await startSitePublisher({
    dynamoEndpoint: provided('dynamoEndpoint'),
    rendererDir: provided('siteBuild').rendererDir,
    siteUrl,
    siteBucket,
    deadLetterDir: path.join(tempDir, 'dead-letters'),
    retryAttempts: 2,
    // Retries and dead letters, in the test's output (printed with a failure).
    log: (message, fields) => console.info(`publisher: ${message} ${JSON.stringify(fields ?? {})}`),
  });
  site = await startSiteServer({
    dist: provided('siteBuild').outDir,
    port,
    gatewayUrl: provided('gatewayUrl'),
    s3Url: provided('s3Endpoint'),
    mediaBucket: localNames.mediaBucket,
    siteBucket,
  });
  token = (await staffApiSession('SUPER_ADMIN')).token;
  // A service and an opening of this test's own, so that other suites' data stays as seeded.
  const created = serviceWriteResponseSchema.parse(
    await staffApi('POST', '/api/services', {
      name: `Ghost Mannequin ${suffix}`,
      description: 'Invisible mannequin for apparel: necks and sleeves rebuilt from a second shot.',
      beforeImage: await uploadImage('#556677'),
      afterImage: await uploadImage('#ddeeff'),
    }),
  ).service;
  const sub = subServiceWriteResponseSchema.parse(
    await staffApi('POST', '/api/subServices/withPrices', {
      serviceId: created.id,
      name: `Neck Joint ${suffix}`,
      description: 'The inside of the collar from the second shot.',
      order: 1,
      prices: [{ price: 1.25, currency: 'USD' }],
    }),
  ).subService;
  service = { ...created, subServices: [sub] };
  const opening: JobOpeningBody = {
    title: `Junior Retoucher ${suffix}`,
    description: 'Clipping paths and colour correction on product photos, with training.',
    isActive: true,
    imageUrl: null,
  };
  openingId = jobOpeningWriteResponseSchema.parse(await staffApi('POST', '/api/job-openings', opening)).opening.id;
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  if (token && service) await staffApi('DELETE', `/api/services/${service.id}`).catch(() => undefined);
  if (token && openingId) await staffApi('DELETE', `/api/job-openings/${openingId}`).catch(() => undefined);
  await site?.close();
  await publisher?.stop();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const { email, password } = staffAccount('SUPER_ADMIN');
  await page.goto(`${site.url}/admin-login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await enterAuthenticatorCode(page, 'SUPER_ADMIN');
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
}

test.describe('publish on write', () => {
  // A few publishes of a few seconds each on a machine running the whole suite.
  test.describe.configure({ timeout: 120_000 });

  test('publishes a service added by staff: its own page, with link preview tags naming it, and the sitemap', async () => {
    const pathname = `/specific-services/${service.id}`;
    await until('/sitemap.xml', (xml) => xml.includes(`${site.url}${pathname}</loc>`));
    const html = await until(pathname, (text) => text.includes(`Neck Joint ${suffix}`));
    const title = `Ghost Mannequin ${suffix} — Retouch Studio`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:image" content="${site.url}${service.afterImage}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${site.url}${service.afterImage}" />`);
    expect(html).toContain('$1.25 per photo');
    const offers = structuredData(html).find((item) => item['@type'] === 'Service')!.offers;
    expect(offers).toEqual([
      expect.objectContaining({ name: `Neck Joint ${suffix}`, price: '1.25', priceCurrency: 'USD' }),
    ]);
  });

  test("publishes a price and an opening's title changed in the console to the service page, /suit/pricing and /career", async ({
    page,
  }) => {
    await until(`/specific-services/${service.id}`, (html) => html.includes(`Neck Joint ${suffix}`));
    await signIn(page);

    // The price, in the service table's subservice dialog.
    await page.goto(`${site.url}/service-table`);
    const row = page.getByRole('row').filter({ hasText: `Ghost Mannequin ${suffix}` });
    await row.getByRole('button', { name: 'Subservices' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Price 1').fill('3.75');
    await dialog.getByRole('button', { name: 'Save subservice' }).click();
    // Saved: the form closes and the list shows the new price.
    await expect(dialog).toContainText('$3.75');

    // The opening's title, on the job postings page.
    await page.goto(`${site.url}/job-postings`);
    const opening = page.getByRole('row').filter({ hasText: `Junior Retoucher ${suffix}` });
    await opening.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title *').fill(`Senior Retoucher ${suffix}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: `Senior Retoucher ${suffix}` })).toHaveCount(1);

    const servicePage = await until(`/specific-services/${service.id}`, (html) => html.includes('$3.75 per photo'));
    expect(servicePage).not.toContain('$1.25 per photo');
    await until('/suit/pricing', (html) => html.includes(`Neck Joint ${suffix} - $3.75`));
    const career = await until('/career', (html) => html.includes(`Senior Retoucher ${suffix}`));
    expect(career).not.toContain(`Junior Retoucher ${suffix}`);
    const posting = structuredData(career).find(
      (item) => item['@type'] === 'JobPosting' && item.title === `Senior Retoucher ${suffix}`,
    );
    expect(posting).toBeDefined();
  });

  test("publishes a service's turnarounds and volume discounts changed by a SUPER_ADMIN to its page and /suit/pricing", async ({
    page,
  }, testInfo) => {
    const pathname = `/specific-services/${service.id}`;
    // Made with the default rules: one turnaround without surcharge, no volume discount.
    const before = await until(pathname, (html) => html.includes(`Neck Joint ${suffix}`));
    expect(before).toContain('Standard (48 h): no surcharge');
    expect(before).not.toContain('Volume discounts');

    await staffApi('PUT', `/api/services/${service.id}/pricing-rules`, {
      turnarounds: [
        { id: 'standard', name: 'Standard', hours: 72, multiplier: 1 },
        { id: 'express', name: 'Express', hours: 24, multiplier: 1.25 },
        { id: 'same-day', name: 'Same day', hours: 8, multiplier: 2.5 },
      ],
      volumeTiers: [
        { minPhotos: 1, discountPercent: 0 },
        { minPhotos: 50, discountPercent: 15 },
        { minPhotos: 2000, discountPercent: 30 },
      ],
    });
    const wanted = [
      'Standard (3 days): no surcharge',
      'Express (24 h): +25 %',
      'Same day (8 h): +150 %',
      '15 % off from 50 photos',
      '30 % off from 2,000 photos',
    ];
    const servicePage = await until(pathname, (html) => wanted.every((text) => html.includes(text)));
    expect(servicePage).not.toContain('Standard (48 h)');
    await until('/suit/pricing', (html) => wanted.every((text) => html.includes(text)));

    // The published page in the browser, at both sizes: the lists by name, and axe.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(site.url + pathname);
      await hydrated(page);
      const terms = page.getByRole('region', { name: 'Delivery times and volume discounts' });
      await expect(terms.getByRole('list', { name: 'Turnaround' }).getByRole('listitem')).toHaveText(
        wanted.slice(0, 3),
      );
      await expect(terms.getByRole('list', { name: 'Volume discounts' }).getByRole('listitem')).toHaveText(
        wanted.slice(3),
      );
      await terms.screenshot({ path: testInfo.outputPath(`published-price-terms-${viewport.width}.png`) });
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${site.url}/suit/pricing`);
      await hydrated(page);
      const section = page.getByRole('region', { name: `Ghost Mannequin ${suffix}`, exact: true });
      await expect(section.getByRole('list', { name: 'Volume discounts' }).getByRole('listitem')).toHaveText(
        wanted.slice(3),
      );
    }
  });

  test("publishes a hero slide's title and text added in the console to the home page", async ({ page }) => {
    const title = `Sky Replacement ${suffix}`;
    const text = `Grey skies swapped for blue ones, with the light on the subject matched ${suffix}.`;
    // The console of the suite's site, whose origin the upload bucket accepts (CORS): the same app
    // and table the publisher reads.
    await signInAtAdminLogin(page, 'SUPER_ADMIN');
    await page.goto('/home-content');
    const panel = page.getByRole('region', { name: 'Slider and carousel images' });
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    await panel.getByLabel('New slide').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: picture });
    await expect(panel.getByAltText('New slide preview')).toBeVisible();
    await panel.getByLabel('Slide title').fill(title);
    await panel.getByLabel('Slide text').fill(text);
    await panel.getByRole('button', { name: 'Add slide' }).click();
    await expect(panel.getByText('Slide added.')).toBeVisible();
    // The console's list shows the new slide with its copy.
    await expect(panel.getByRole('row').filter({ hasText: title })).toHaveCount(1);
    // Appended last, it is in the banner carousel only: moved up into the hero's seven.
    const position = async () => {
      const { images } = listSliderImagesResponseSchema.parse(
        await (await fetch(`${provided('gatewayUrl')}/api/slider-images`)).json(),
      );
      return images.findIndex((image) => image.title === title) + 1;
    };
    // Each press moves it up one place (checked before the next), so this ends.
    for (let at = await position(); at > 7; at = await position()) {
      await panel.getByRole('button', { name: `Move slide ${at} up` }).click();
      await expect.poll(position).toBe(at - 1);
    }

    try {
      const home = await until('/', (html) => html.includes(title));
      expect(home).toContain(`<h2 class="hero-carousel__title">${title}</h2>`);
      expect(home).toContain(text);
    } finally {
      // Other suites count the seeded slides: this one goes at once.
      const { images } = listSliderImagesResponseSchema.parse(
        await (await fetch(`${provided('gatewayUrl')}/api/slider-images`)).json(),
      );
      for (const slide of images.filter((image) => image.title === title)) {
        await staffApi('DELETE', `/api/slider-images/${slide.id}`);
      }
    }
    await until('/', (html) => !html.includes(title));
  });

  test('answers an unknown service id with the not-found page and status 404', async () => {
    const { status, html } = await published('/specific-services/01ZZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(status).toBe(404);
    expect(html).toContain('Page not found');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  test('loads published pages with no API request and hydrates them without an error', async ({ context }) => {
    for (const pathname of [
      '/',
      '/career',
      `/specific-services/${service.id}`,
      '/specific-services/01ZZZZZZZZZZZZZZZZZZZZZZZZ',
    ]) {
      const page = await context.newPage();
      const errors: string[] = [];
      const api: string[] = [];
      page.on('console', (message) => {
        // The unknown id's document itself answers 404, which the browser reports as a failed load.
        if (message.type() === 'error' && !message.text().includes('404 (Not Found)')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
      });
      await page.goto(site.url + pathname, { waitUntil: 'networkidle' });
      await hydrated(page);
      expect(api, pathname).toEqual([]);
      expect(errors, pathname).toEqual([]);
      await page.close();
    }
  });

  test('switches releases in one write: the pointer names a release whose every file is written', async () => {
    const pointer = await s3Client(provided('s3Endpoint')).send(
      new GetObjectCommand({ Bucket: siteBucket, Key: currentReleaseKey }),
    );
    const manifest = JSON.parse(await pointer.Body!.transformToString()) as ReleaseManifest;
    expect(manifest.serviceIds).toContain(service.id);
    for (const key of Object.keys(manifest.files)) {
      const file = await fetch(`${provided('s3Endpoint')}/${siteBucket}/releases/${manifest.release}/${key}`);
      expect(file.status, key).toBe(200);
    }
  });
});

test.describe("the publisher's event source", () => {
  test('hands a burst of writes (a reorder transaction, then single saves) to one invocation', async () => {
    const dynamo = new DynamoDBClient({
      endpoint: provided('dynamoEndpoint'),
      region: localRegion,
      credentials: localCredentials,
    });
    const tableName = `publish-burst-${suffix}`;
    await dynamo.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const invocations: number[] = [];
    const { publishBatchWindowSeconds, publishedContentStreamFilter } = await import('@studio/shared/site-publishing');
    const consumer = await startStreamConsumer({
      name: 'burst',
      dynamoEndpoint: provided('dynamoEndpoint'),
      region: localRegion,
      credentials: localCredentials,
      tableName,
      filters: [publishedContentStreamFilter as never],
      handler: async (event: DynamoDBStreamEvent) => {
        invocations.push(event.Records.length);
      },
      batchSize: 1000,
      batchWindowMs: publishBatchWindowSeconds * 1000,
      pollMs: 100,
      deadLetterDir: path.join(tempDir, 'burst-dead-letters'),
    });
    try {
      const item = (pk: string, sk: string) => ({ PK: { S: pk }, SK: { S: sk }, order: { N: '1' } });
      await dynamo.send(
        new TransactWriteItemsCommand({
          TransactItems: Array.from({ length: 10 }, (_, i) => ({
            Put: { TableName: tableName, Item: item(`TESTIMONIAL#${i}`, 'TESTIMONIAL') },
          })),
        }),
      );
      for (let i = 0; i < 3; i++) {
        await dynamo.send(new PutItemCommand({ TableName: tableName, Item: item(`SERVICE#${i}`, 'SERVICE') }));
      }
      // A write no public page shows is not handed over at all.
      await dynamo.send(new PutItemCommand({ TableName: tableName, Item: item('JOB#1', 'JOB') }));
      await expect.poll(() => invocations.reduce((a, b) => a + b, 0), { timeout: 15_000 }).toBe(13);
      expect(invocations).toEqual([13]);
    } finally {
      await consumer.stop();
      await dynamo.send(new DeleteTableCommand({ TableName: tableName }));
      dynamo.destroy();
    }
  });
});
