/**
 * Issues 15 and 33 in headless Chromium against the local stack: a client uploads three photos
 * with "Upload my photos here" and creates the job (the count is 3 without typing it); a MANAGER
 * assigns it; the EDITOR opens the job's images, downloads one original and the archive (bytes
 * identical to what the client uploaded), delivers three finished files matched by name (a
 * misnamed one first stops the whole delivery); a MANAGER passes them on the QC board; the client's
 * pages show nothing finished before payment, a MANAGER records the transfer, and the client sees
 * the finished previews and downloads the finished archive.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Download, Page } from '@playwright/test';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { unzip } from '../../scripts/test-setup/unzip.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { jobOf, markPaidAsManager } from './job-support.ts';
import { staffAccount, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its job to the seeded
// EDITOR and reads that board.
test.describe.configure({ lock: sharedStateLock });

let service: Service;
let subService: SubService;

async function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed * 40, g: 120, b: 200 - seed } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Clicks a download link or button and answers the file the browser saved. */
async function download(page: Page, click: () => Promise<unknown>): Promise<{ name: string; body: Buffer }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: saved.suggestedFilename(), body: await downloadedBytes(saved) };
}

test.beforeAll(async () => {
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  service = services.find((s) => s.subServices.some((sub) => sub.prices.some((p) => p.currency === 'USD')))!;
  subService = service.subServices.find((sub) => sub.prices.some((p) => p.currency === 'USD'))!;
});

test.describe('job files both ways', () => {
  test('client photos reach the editor byte for byte, and the finished files reach the client', async ({ browser }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    const originals = [
      { name: 'front.jpg', body: await photo(1) },
      { name: 'back.jpg', body: await photo(2) },
      { name: 'side view.jpg', body: await photo(3) },
    ];
    const instructions = `Files journey ${randomBytes(4).toString('hex')}`;

    // CLIENT: three photos, no count typed.
    const client = await freshClient({ name: 'Files Client' });
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    clientPage.on('pageerror', (error) => errors.push(String(error)));
    const quotePath = `/service-quote/${service.id}`;
    await clientPage.goto(`/login?next=${encodeURIComponent(quotePath)}`);
    await clientPage.getByLabel('Email', { exact: true }).fill(client.email);
    await clientPage.getByLabel('Password', { exact: true }).fill(client.password);
    await clientPage.getByRole('button', { name: 'Log in' }).click();
    await expect(clientPage).toHaveURL((url) => url.pathname === quotePath);
    await clientPage.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await clientPage.getByRole('radio', { name: 'Upload my photos here' }).check();
    // One upload control: the file input itself is not shown beside the drop zone.
    await expect(clientPage.locator('input[type="file"]')).toHaveCount(1);
    const inputBox = await clientPage.locator('input[type="file"]').boundingBox();
    expect(inputBox!.width * inputBox!.height).toBeLessThanOrEqual(1);
    await expect(clientPage.getByLabel('Number of photos')).toHaveCount(0);
    await clientPage
      .locator('input[type="file"]')
      .setInputFiles(originals.map((file) => ({ name: file.name, mimeType: 'image/jpeg', buffer: file.body })));
    await expect(clientPage.getByText('3 of 3 uploaded')).toBeVisible({ timeout: 30_000 });
    await expect(clientPage.locator('output[name="numberOfPhotos"]')).toHaveText('3');
    await clientPage.getByLabel('Instructions').fill(instructions);
    await clientPage.getByRole('button', { name: 'Create Job' }).click();
    await expect(clientPage).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(clientPage.url()).pathname.split('/')[2]!;

    // MANAGER: assigns it on /assign-job; the card names the client.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await useStaffSessionOf(manager, 'MANAGER');
    await manager.goto('/assign-job');
    const assignCard = manager.locator('li', { hasText: instructions });
    await expect(assignCard).toContainText(client.email);
    await expect(assignCard).toContainText(/RS-\d{4}-\d{4}/);
    const editor = staffAccount('EDITOR');
    const option = assignCard.getByRole('option', { name: new RegExp(editor.email.replace('.', '\\.')) });
    await assignCard.getByLabel('Editor').selectOption({ label: (await option.innerText()).trim() });
    await assignCard.getByRole('button', { name: 'Assign' }).click();
    await expect(manager.getByText('Job assigned successfully!')).toBeVisible();
    await managerContext.close();

    // EDITOR: the card says the progress follows the images; opens the job's page from it.
    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    editorPage.on('pageerror', (error) => errors.push(String(error)));
    await useStaffSessionOf(editorPage, 'EDITOR');
    await editorPage.goto('/editor');
    const card = editorPage.locator('li', { hasText: instructions });
    await expect(card.getByText("Progress follows the job's images: 0 of 3 delivered.")).toBeVisible();
    await expect(card.getByLabel('Progress (%)')).toHaveCount(0);
    await card.getByRole('link', { name: /Files of/ }).click();
    await expect(editorPage).toHaveURL((url) => url.pathname === `/job-files/${jobId}`);
    const images = editorPage.getByRole('list', { name: 'Images of the job' });
    await expect(images.getByText('side view.jpg')).toBeVisible();
    await expect(editorPage.getByText('0 of 3 delivered')).toBeVisible();
    // Previews made by the preview worker, off the request path: the list reads them again until then.
    await expect(images.getByRole('img', { name: 'Preview of front.jpg' })).toHaveJSProperty('complete', true);
    expect(
      await images
        .getByRole('img', { name: 'Preview of front.jpg' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    // One original from the image's page, byte for byte, then all of them.
    await images.getByRole('button', { name: 'Open side view.jpg' }).click();
    const detail = editorPage.getByRole('dialog', { name: 'side view.jpg' });
    await expect(detail.getByText('Nothing delivered yet.')).toBeVisible();
    const one = await download(editorPage, () =>
      detail.getByRole('link', { name: 'Download the original side view.jpg' }).click(),
    );
    expect(one.name).toBe('side view.jpg');
    expect(one.body.equals(originals[2]!.body)).toBe(true);
    await detail.getByRole('button', { name: 'Close' }).click();
    await editorPage.getByRole('button', { name: 'Download all photos' }).click();
    const zipLink = editorPage.getByRole('link', { name: /^Download RS-.*-photos\.zip$/ });
    await expect(zipLink).toBeVisible({ timeout: 30_000 });
    const zip = await download(editorPage, () => zipLink.click());
    const entries = await unzip(zip.body);
    expect([...entries.keys()]).toEqual(originals.map((file) => file.name));
    for (const file of originals) expect(entries.get(file.name)!.equals(file.body)).toBe(true);

    // Finished files by name: one that matches no original stops the whole delivery, named.
    const bulk = editorPage.getByRole('form', { name: 'Deliver finished files by name' });
    const finished = [
      { name: 'front.jpeg', body: await photo(4) },
      { name: 'BACK.JPG', body: await photo(5) },
      { name: 'side view.jpg', body: await photo(6) },
    ];
    const misnamed = { name: 'side-done.jpg', body: finished[2]!.body };
    await bulk.getByLabel('Finished files').setInputFiles(
      [finished[0]!, finished[1]!, misnamed].map((file) => ({
        name: file.name,
        mimeType: 'image/jpeg',
        buffer: file.body,
      })),
    );
    await bulk.getByRole('button', { name: 'Deliver 3 files' }).click();
    const refused = bulk.getByRole('alert');
    await expect(refused).toContainText('Nothing was delivered: 1 file matches no single image.');
    await expect(refused.getByRole('list', { name: 'Files not matched' })).toContainText('side-done.jpg');
    await expect(editorPage.getByText('0 of 3 delivered')).toBeVisible();
    await expect(editorPage.getByRole('button', { name: /^In QC/ })).toHaveText('In QC 0');
    // Named after their originals (any extension, any case): each becomes its image's version, to QC.
    await bulk
      .getByLabel('Finished files')
      .setInputFiles(finished.map((file) => ({ name: file.name, mimeType: 'image/jpeg', buffer: file.body })));
    await bulk.getByRole('button', { name: 'Deliver 3 files' }).click();
    const delivered = bulk.getByRole('list', { name: 'Files delivered' });
    await expect(delivered).toContainText('BACK.JPG → back.jpg (version 1, In QC)');
    await expect(editorPage.getByRole('button', { name: /^In QC/ })).toHaveText('In QC 3');
    await editorContext.close();

    // MANAGER: the QC board from the console, oldest first; passes the three.
    const qcContext = await browser.newContext();
    const qcPage = await qcContext.newPage();
    qcPage.on('pageerror', (error) => errors.push(String(error)));
    await useStaffSessionOf(qcPage, 'MANAGER');
    await qcPage.goto('/manager');
    // The dashboard's QC link: its name starts with it. (The "Waiting for QC" count of "Needs
    // action", which loads beside it, links to the board too.)
    await qcPage.getByRole('link', { name: /^QC\b/ }).click();
    await expect(qcPage).toHaveURL((url) => url.pathname === '/qc');
    const { jobNumber } = await jobOf(clientPage, jobId);
    const waiting = qcPage.locator('article', {
      has: qcPage.getByRole('link', { name: `${jobNumber} (${service.name})` }),
    });
    await expect(waiting.getByRole('heading')).toHaveText(['front.jpg', 'back.jpg', 'side view.jpg']);
    for (const name of ['front.jpg', 'back.jpg', 'side view.jpg']) {
      await qcPage.getByRole('button', { name: `Pass ${name}` }).click();
      await expect(qcPage.getByRole('heading', { name, exact: true })).toHaveCount(0);
    }
    await qcContext.close();

    // CLIENT: the finished files wait for payment (#16's default), and the dashboard says so.
    await clientPage.goto('/dashboard');
    // Delivered, not approved yet (#17): still among the client's ongoing jobs.
    const ongoing = clientPage.locator('section', {
      has: clientPage.getByRole('heading', { level: 2, name: 'Ongoing' }),
    });
    const jobCard = ongoing.getByRole('article', { name: service.name }).filter({ hasText: instructions });
    await expect(
      jobCard.getByText('The finished files of this job are released once it is paid.', { exact: false }),
    ).toBeVisible();
    // The job's page shows the images, and nothing finished before payment.
    await clientPage.goto(`/dashboard/jobs/${jobId}`);
    const yourImages = clientPage.getByRole('region', { name: 'Your images' });
    await expect(yourImages.getByText('3 of 3 delivered')).toBeVisible();
    await expect(yourImages.getByText('The finished images are shown here once the job is paid.')).toBeVisible();
    await expect(yourImages.getByRole('img', { name: /^Finished / })).toHaveCount(0);

    // The studio receives the transfer and a MANAGER records it: the files are released.
    await markPaidAsManager(jobId);
    await clientPage.reload();
    const finishedPreview = yourImages.getByRole('img', { name: 'Finished front.jpg' });
    await expect(finishedPreview).toHaveJSProperty('complete', true);
    expect(await finishedPreview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(yourImages.getByRole('img', { name: /^Finished / })).toHaveCount(3);
    await clientPage.goto('/dashboard');
    await expect(jobCard.getByRole('list', { name: 'Finished files' }).getByText('front.jpeg')).toBeVisible();
    await expect(jobCard).toContainText(/Job RS-\d{4}-\d{4}/);
    await jobCard.getByRole('button', { name: 'Download all finished files' }).click();
    const finishedLink = jobCard.getByRole('link', { name: /^Download RS-.*-finished-files\.zip$/ });
    await expect(finishedLink).toBeVisible({ timeout: 30_000 });
    const finishedZip = await unzip((await download(clientPage, () => finishedLink.click())).body);
    expect([...finishedZip.keys()]).toEqual(finished.map((file) => file.name));
    for (const file of finished) expect(finishedZip.get(file.name)!.equals(file.body)).toBe(true);
    await clientContext.close();
    expect(errors).toEqual([]);
  });
});
