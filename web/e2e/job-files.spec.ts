/**
 * Issue 15 in headless Chromium against the local stack: a client uploads three photos with
 * "Upload my photos here" and creates the job (the count is 3 without typing it); a MANAGER
 * assigns it; the EDITOR opens the job's photos, downloads one and the archive (bytes identical to
 * what the client uploaded), uploads three finished files and sets 100 %; the client's dashboard
 * says the files wait for payment, a MANAGER records the transfer, and the client downloads the
 * finished archive.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Download, Page } from '@playwright/test';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { unzip } from '../../scripts/test-setup/unzip.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, provided, test } from './fixtures.ts';
import { markPaidAsManager } from './job-support.ts';
import { staffAccount, useStaffSessionOf } from './staff-support.ts';

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

    // EDITOR: opens the photos from the card, downloads one and all of them.
    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    editorPage.on('pageerror', (error) => errors.push(String(error)));
    await useStaffSessionOf(editorPage, 'EDITOR');
    await editorPage.goto('/editor');
    const card = editorPage.locator('li', { hasText: instructions });
    await card.getByRole('link', { name: /Files of/ }).click();
    await expect(editorPage).toHaveURL((url) => url.pathname === `/job-files/${jobId}`);
    const photos = editorPage.getByRole('list', { name: 'Client photos' });
    await expect(photos.getByText('side view.jpg')).toBeVisible();
    // Previews decoded by the server.
    await expect(photos.getByRole('img', { name: 'Preview of front.jpg' })).toHaveCount(1);
    const one = await download(editorPage, () => photos.getByRole('link', { name: 'Download side view.jpg' }).click());
    expect(one.name).toBe('side view.jpg');
    expect(one.body.equals(originals[2]!.body)).toBe(true);
    await editorPage.getByRole('button', { name: 'Download all photos' }).click();
    const zipLink = editorPage.getByRole('link', { name: /^Download RS-.*-photos\.zip$/ });
    await expect(zipLink).toBeVisible({ timeout: 30_000 });
    const zip = await download(editorPage, () => zipLink.click());
    const entries = await unzip(zip.body);
    expect([...entries.keys()]).toEqual(originals.map((file) => file.name));
    for (const file of originals) expect(entries.get(file.name)!.equals(file.body)).toBe(true);

    // Three finished files, each with its progress, then 100 % without any link.
    const finished = [
      { name: 'front-done.jpg', body: await photo(4) },
      { name: 'back-done.jpg', body: await photo(5) },
      { name: 'side-done.jpg', body: await photo(6) },
    ];
    await editorPage
      .locator('input[type="file"]')
      .setInputFiles(finished.map((file) => ({ name: file.name, mimeType: 'image/jpeg', buffer: file.body })));
    await expect(editorPage.getByText('3 of 3 uploaded')).toBeVisible({ timeout: 30_000 });
    await expect(editorPage.getByRole('list', { name: 'Finished files' }).getByText('side-done.jpg')).toBeVisible();
    await editorPage.goto('/editor');
    await card.getByLabel('Progress (%)').fill('100');
    await card.getByRole('button', { name: 'Update' }).click();
    await expect(editorPage.getByText('Job updated successfully')).toBeVisible();
    await expect(card.locator('.staff-job__status', { hasText: 'Delivered' })).toBeVisible();
    await editorContext.close();

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

    // The studio receives the transfer and a MANAGER records it: the files are released.
    await markPaidAsManager(jobId);
    await clientPage.reload();
    await expect(jobCard.getByRole('list', { name: 'Finished files' }).getByText('front-done.jpg')).toBeVisible();
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
