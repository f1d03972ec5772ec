/**
 * Issue 33 in headless Chromium against the local stack: a client picks 300 photos on the quote
 * page; the uploader asks for links and confirms in calls of up to 100, sends a few files at once,
 * and shows the whole upload's progress. Half-way the page is reloaded, with one file stored but
 * not yet confirmed: the page confirms that one by its key, says how many photos are uploaded
 * already and, given the same 300 files again, sends only those not confirmed (the bucket's
 * requests and the link calls are counted). The job is then made of all 300.
 */
import { writeFile, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { Page, Request, Route } from '@playwright/test';
import { imageCountsOf, multipartPartBytes, multipartThresholdBytes, totalImages } from '@studio/shared/images';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { jobOf, signInOnPage } from './job-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one queues 300 previews on
// the stack's preview worker, ahead of the images other files wait to see drawn.
test.describe.configure({ lock: sharedStateLock });

const photoCount = 300;
const sentBeforeReload = 150;

let service: Service;
let subService: SubService;

/** 300 small JPEGs, each of its own colour (the server reads every file's bytes). */
async function photos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  return Promise.all(
    Array.from({ length: photoCount }, async (_, i) => ({
      name: `shot-${String(i + 1).padStart(3, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 24, height: 16, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 90 } },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    })),
  );
}

/** The names of the files a call of `POST api/upload-links` asked links for. */
function linkNames(request: Request): string[] {
  return (request.postDataJSON() as { files: { fileName: string }[] }).files.map((file) => file.fileName);
}

/** Records the page's upload calls: links asked for (by file name), posts to the bucket, confirmations. */
function watchUploads(page: Page) {
  const seen = { linked: [] as string[], linkSizes: [] as number[], confirmCalls: 0 };
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST') return;
    if (url.pathname === '/api/upload-links') {
      const names = linkNames(request);
      seen.linkSizes.push(names.length);
      seen.linked.push(...names);
    } else if (/^\/api\/uploads\/[^/]+\/photos\/batch$/.test(url.pathname)) {
      seen.confirmCalls += 1;
    }
  };
  page.on('request', onRequest);
  return { seen, stop: () => page.off('request', onRequest) };
}

/** A screenshot of the page as it is, kept with the test's results (and attached to its report). */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test.beforeAll(async () => {
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  subService = service.subServices.find((sub) => sub.prices.some((p) => p.currency === 'USD'))!;
});

test.describe('batch photo upload', () => {
  test('uploads 300 photos with progress, resumes after a reload without sending confirmed ones, and orders all 300', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const files = await photos();
    const client = await freshClient({ name: 'Batch Client' });
    const quotePath = `/service-quote/${service.id}`;
    await signInOnPage(page, client, quotePath);
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByRole('radio', { name: 'Upload my photos here' }).check();

    // The bucket takes the first 150 files; the next ones are held (not answered) until the reload.
    // The bucket is the one other origin the page posts to (the API is the site's own /api/).
    const site = new URL(provided('siteUrl')).origin;
    const toBucket = (url: URL) => url.origin !== site;
    const held: Route[] = [];
    let bucketPosts = 0;
    let postsAfterReload = 0;
    let phase: 'before' | 'leaving' | 'after' = 'before';
    await page.route(toBucket, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (phase === 'leaving') return route.abort();
      if (phase === 'after') {
        postsAfterReload += 1;
        return route.continue();
      }
      bucketPosts += 1;
      if (bucketPosts > sentBeforeReload) {
        held.push(route);
        return;
      }
      await route.continue();
    });
    const before = watchUploads(page);
    await page.locator('input[type="file"]').setInputFiles(files);

    // The whole upload's bar moves with the bytes; confirmed photos are counted and priced.
    await expect(page.getByText(`${sentBeforeReload} of ${photoCount} uploaded`)).toBeVisible({ timeout: 120_000 });
    const overall = page.getByRole('progressbar', { name: 'All photos' });
    const midway = Number(await overall.getAttribute('aria-valuenow'));
    expect(midway).toBeGreaterThan(30);
    expect(midway).toBeLessThan(70);
    await expect(page.locator('output[name="numberOfPhotos"]')).toHaveText(String(sentBeforeReload));
    // A few files at once, not 150: the ones held are all that is open.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(4);
    // The files being sent, each with its own bar.
    await page.getByLabel('Show').selectOption('uploading');
    const sending = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(sending).toHaveCount(held.length);
    await expect(sending.first().getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^\d+$/);
    await sending.first().scrollIntoViewIfNeeded();
    await shoot(page, 'mid-upload-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await sending.first().scrollIntoViewIfNeeded();
    await shoot(page, 'mid-upload-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Show').selectOption('all');
    // Links in calls of at most 100; confirmations batched, not one a photo.
    expect(Math.max(...before.seen.linkSizes)).toBeLessThanOrEqual(100);
    expect(before.seen.confirmCalls).toBeLessThan(sentBeforeReload / 2);
    before.stop();

    // One held file reaches the bucket but the page goes away before its confirmation is
    // answered; the other held files never arrive.
    const confirmations = '**/api/uploads/*/photos/batch';
    await page.route(confirmations, (route) => route.abort());
    await held.shift()!.continue();
    await expect(page.getByRole('button', { name: 'Retry all failed (1)' })).toBeVisible();
    phase = 'leaving';
    for (const route of held.splice(0)) await route.abort();
    await page.unroute(confirmations);
    await page.reload();
    phase = 'after';
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByRole('radio', { name: 'Upload my photos here' }).check();
    // The file stored unconfirmed is confirmed by its key, without sending it again.
    const resumed = sentBeforeReload + 1;
    await expect(page.getByText(`${resumed} photos already uploaded`)).toBeVisible();
    await expect(page.locator('output[name="numberOfPhotos"]')).toHaveText(String(resumed));
    const stored = await page.evaluate(
      (key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as { confirmed: string[] } | null,
      `quote-upload:${client.userId}`,
    );
    const confirmedBefore = new Set((stored?.confirmed ?? []).map((identity) => identity.split('\u0000')[0]));
    expect(confirmedBefore.size).toBe(resumed);

    // The same 300 files again: only those not confirmed go to the bucket.
    const after = watchUploads(page);
    await page.locator('input[type="file"]').setInputFiles(files);
    await expect(page.getByText(`${resumed} photos were uploaded before and will not be sent again.`)).toBeVisible();
    await expect(page.getByText(`${photoCount} of ${photoCount} uploaded`)).toBeVisible({ timeout: 120_000 });
    await expect(overall).toHaveAttribute('aria-valuenow', '100');
    await expect(page.locator('output[name="numberOfPhotos"]')).toHaveText(String(photoCount));
    expect(postsAfterReload).toBe(photoCount - resumed);
    expect(after.seen.linked).toHaveLength(photoCount - resumed);
    expect(after.seen.linked.filter((name) => confirmedBefore.has(name))).toEqual([]);
    await page.getByRole('progressbar', { name: 'All photos' }).scrollIntoViewIfNeeded();
    await shoot(page, 'done-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'done-phone', true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.unrouteAll({ behavior: 'wait' });

    // The order: all 300 photos, one upload; the stored upload is forgotten.
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    const job = await jobOf(page, jobId);
    expect(job).toMatchObject({ linkType: 'generate', numberOfPhotos: photoCount });
    expect(totalImages(imageCountsOf(job.imageCounts))).toBe(photoCount);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), `quote-upload:${client.userId}`)).toBeNull();
    expect(errors).toEqual([]);
  });
  test('sends a photo over 100 MB in parts, then completes and confirms it', async ({ page }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // A real JPEG followed by padding (decoders stop at its end): just past the multipart threshold.
    const head = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const size = multipartThresholdBytes + 1024 * 1024;
    const path = test.info().outputPath('large-scan.jpg');
    await writeFile(path, Buffer.concat([head, Buffer.alloc(size - head.length)]));
    const client = await freshClient({ name: 'Large File Client' });
    await signInOnPage(page, client, `/service-quote/${service.id}`);
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByRole('radio', { name: 'Upload my photos here' }).check();

    const site = new URL(provided('siteUrl')).origin;
    const parts: string[] = [];
    let completions = 0;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== site && request.method() === 'PUT') parts.push(url.searchParams.get('partNumber') ?? '');
      if (url.pathname === '/api/upload-links/complete') completions += 1;
    });
    await page.locator('input[type="file"]').setInputFiles(path);
    await expect(page.getByText('1 of 1 uploaded')).toBeVisible({ timeout: 120_000 });
    await rm(path);
    expect(parts).toEqual(
      Array.from({ length: Math.ceil(size / multipartPartBytes) }, (_, index) => String(index + 1)),
    );
    expect(completions).toBe(1);
    await expect(page.locator('output[name="numberOfPhotos"]')).toHaveText('1');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const job = await jobOf(page, new URL(page.url()).pathname.split('/')[2]!);
    expect(job.numberOfPhotos).toBe(1);
    expect(errors).toEqual([]);
  });
});
