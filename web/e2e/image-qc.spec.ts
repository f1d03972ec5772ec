/**
 * Issue 33 in headless Chromium against the local stack: QC between the editor and the client. A
 * paid job of two uploaded photos; the EDITOR delivers a finished file on one image (and a layered
 * PSD beside it) and the other by name; the client sees nothing finished while they wait for QC;
 * a MANAGER fails the first on the QC board with a note (a note is required) and passes the other;
 * the EDITOR finds the failed image by its status, reads the note and delivers again; the MANAGER
 * passes it. The client sees each image's current version only, the failed one never; after a
 * revision round, the redone version is current and the earlier one is listed as round 1. Each
 * page is written under test-results/ at desktop and phone width to look at.
 */
import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Job } from '@studio/shared/job';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, callApi, markPaidAsManager, orderJobWithPhotos, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its job to the seeded
// EDITOR, whose whole board other files read.
test.describe.configure({ lock: sharedStateLock });

const instructions = `E2E image QC ${randomBytes(4).toString('hex')}`;
const note = 'The handle is cut off on the left.';
let client: Awaited<ReturnType<typeof freshClient>>;
let job: Job;

const jpeg = (red: number) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: red, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

/** A layered Photoshop file, as far as the server reads it: its signature. */
const psd = () => Buffer.concat([Buffer.from('8BPS'), Buffer.from([0, 1]), randomBytes(200)]);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  client = await freshClient({ name: 'QC Client' });
  job = await orderJobWithPhotos(client.token, {
    instructions,
    photos: [
      { name: 'mug.jpg', body: await jpeg(10) },
      { name: 'lamp.jpg', body: await jpeg(60) },
    ],
  });
  await assignToSeededEditor(job.id);
  // Paid first: what the client sees is then held back by QC alone.
  await markPaidAsManager(job.id);
});

/**
 * The page at desktop width and at a phone's under test-results/: full length, or the screen
 * alone while a dialog is open (it stays where the screen is).
 */
async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage });
  await page.setViewportSize(size);
}

/** A finished preview the browser has drawn: a real picture, not a placeholder. */
async function expectDrawn(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true });
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
}

test('QC fails an image with a note, the editor redelivers, QC passes, the client sees the current version', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  editor.on('pageerror', (error) => errors.push(String(error)));
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  manager.on('pageerror', (error) => errors.push(String(error)));
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  clientPage.on('pageerror', (error) => errors.push(String(error)));
  const label = `${job.jobNumber} (${job.serviceName})`;

  // EDITOR: a finished file on the mug's image (its name need not match), and a PSD beside it.
  await useStaffSessionOf(editor, 'EDITOR');
  await editor.goto(`/job-files/${job.id}`);
  const grid = editor.getByRole('list', { name: 'Images of the job' });
  await grid.getByRole('button', { name: 'Open mug.jpg' }).click();
  const mug = editor.getByRole('dialog', { name: 'mug.jpg' });
  const onImage = mug.getByRole('form', { name: 'Deliver a file for mug.jpg' });
  await onImage
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'retouched 1.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200) });
  await onImage.getByRole('button', { name: 'Deliver' }).click();
  await expect(onImage.getByRole('status')).toHaveText('retouched 1.jpg delivered as version 1; it waits for QC.');
  await onImage.getByRole('radio', { name: /An extra file beside it/ }).check();
  await onImage
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'mug layers.psd', mimeType: '', buffer: psd() });
  await onImage.getByRole('button', { name: 'Deliver' }).click();
  await expect(onImage.getByRole('status')).toHaveText('mug layers.psd delivered as an extra file; it waits for QC.');
  const versions = mug.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByText('Round 1, version 1', { exact: true })).toBeVisible();
  await expect(versions.getByText('Round 1, extra file with version 1')).toBeVisible();
  await screenshots(editor, testInfo, 'image-detail', false);
  await mug.getByRole('button', { name: 'Close' }).click();
  // The lamp by name, in bulk.
  const bulk = editor.getByRole('form', { name: 'Deliver finished files by name' });
  await bulk
    .getByLabel('Finished files')
    .setInputFiles({ name: 'Lamp.JPG', mimeType: 'image/jpeg', buffer: await jpeg(220) });
  await bulk.getByRole('button', { name: 'Deliver 1 file' }).click();
  await expect(bulk.getByRole('list', { name: 'Files delivered' })).toHaveText([
    'Lamp.JPG → lamp.jpg (version 1, In QC)',
  ]);
  await expect(editor.getByRole('button', { name: /^In QC/ })).toHaveText('In QC 2');

  // CLIENT (paid): nothing finished while QC has not passed.
  await signInOnPage(clientPage, client, `/dashboard/jobs/${job.id}`);
  const yours = clientPage.getByRole('region', { name: 'Your images' });
  await expect(yours.getByText('0 of 2 delivered')).toBeVisible();
  await expect(yours.getByRole('img', { name: 'Preview of mug.jpg' })).toBeVisible();
  await expect(yours.getByRole('img', { name: /^Finished / })).toHaveCount(0);

  // MANAGER: the board, oldest first; failing asks for a note; the mug fails, the lamp passes.
  await useStaffSessionOf(manager, 'MANAGER');
  await manager.goto('/qc');
  const ofJob = manager.locator('article', { has: manager.getByRole('link', { name: label }) });
  await expect(ofJob.getByRole('heading')).toHaveText(['mug.jpg', 'lamp.jpg']);
  const mugEntry = ofJob.filter({ hasText: 'mug.jpg' });
  await expectDrawn(manager, 'Delivered mug.jpg');
  await expectDrawn(manager, 'Original mug.jpg');
  await screenshots(manager, testInfo, 'qc-board');
  await mugEntry.getByRole('button', { name: 'Fail mug.jpg' }).click();
  await expect(mugEntry.getByText('Say what the editor should fix.')).toBeVisible();
  await mugEntry.getByLabel('Note for the editor (to fail)').fill(note);
  await mugEntry.getByRole('button', { name: 'Fail mug.jpg' }).click();
  await expect(manager.getByRole('heading', { name: 'mug.jpg', exact: true })).toHaveCount(0);
  // By keyboard: the lamp's Pass, focused, is pressed with Enter.
  const passLamp = ofJob.getByRole('button', { name: 'Pass lamp.jpg' });
  await passLamp.focus();
  await manager.keyboard.press('Enter');
  await expect(ofJob).toHaveCount(0);

  // EDITOR: the failed image by its status, with the note; a new version on it.
  await editor.reload();
  await editor
    .getByRole('group', { name: 'Show images' })
    .getByRole('button', { name: /^In edit/ })
    .click();
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid.getByRole('listitem')).toContainText(`QC: ${note}`);
  await grid.getByRole('button', { name: 'Open mug.jpg' }).click();
  await expect(mug.getByRole('note')).toContainText(note);
  await expect(mug.getByText(`QC failed: ${note}`)).toBeVisible();
  await screenshots(editor, testInfo, 'editor-image-in-edit', false);
  await onImage
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'retouched 2.jpg', mimeType: 'image/jpeg', buffer: await jpeg(240) });
  await onImage.getByRole('button', { name: 'Deliver' }).click();
  await expect(onImage.getByRole('status')).toContainText('retouched 2.jpg delivered as version');
  await mug.getByRole('button', { name: 'Close' }).click();
  await screenshots(editor, testInfo, 'editor-job-page');

  // MANAGER: passes the redone mug.
  await manager.reload();
  await ofJob.getByRole('button', { name: 'Pass mug.jpg' }).click();
  await expect(ofJob).toHaveCount(0);

  // CLIENT: both delivered; the mug's current version is the redo, the failed one never shown.
  await clientPage.reload();
  await expect(yours.getByText('2 of 2 delivered')).toBeVisible();
  await expectDrawn(clientPage, 'Finished mug.jpg');
  await expectDrawn(clientPage, 'Finished lamp.jpg');
  await yours.getByRole('button', { name: 'Open mug.jpg' }).click();
  const clientMug = clientPage.getByRole('dialog', { name: 'mug.jpg' });
  const clientVersions = clientMug.getByRole('list', { name: 'Versions, newest first' });
  await expect(clientVersions.getByRole('listitem').filter({ hasText: 'Current' })).toContainText('retouched 2.jpg');
  await expect(clientMug.getByText('retouched 1.jpg')).toHaveCount(0);
  await expect(clientMug.getByText(/QC/)).toHaveCount(0);
  await clientMug.getByRole('button', { name: 'Close' }).click();

  // A revision round (the client's request, #17); the editor redoes the mug by name; QC passes it.
  const revision = await callApi(`/api/jobs/${job.id}/revision-requests`, {
    method: 'POST',
    token: client.token,
    body: JSON.stringify({ notes: 'A warmer white on the mug, please.' }),
  });
  expect(revision.status, JSON.stringify(revision.json)).toBe(201);
  await editor.reload();
  await bulk
    .getByLabel('Finished files')
    .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: await jpeg(250) });
  await bulk.getByRole('button', { name: 'Deliver 1 file' }).click();
  await expect(bulk.getByRole('list', { name: 'Files delivered' })).toContainText('mug.jpg → mug.jpg');
  await manager.reload();
  await ofJob.getByRole('button', { name: 'Pass mug.jpg' }).click();
  await expect(ofJob).toHaveCount(0);

  // CLIENT: round 2 is current; round 1's released version is history, labelled; still no failed one.
  await clientPage.reload();
  const mugCard = yours.getByRole('listitem').filter({ hasText: 'mug.jpg' });
  await expect(mugCard).toContainText('round 2');
  await yours.getByRole('button', { name: 'Open mug.jpg' }).click();
  const current = clientVersions.getByRole('listitem').filter({ hasText: 'Current' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(/Round 2, version \d+/);
  await expect(current).toContainText('mug.jpg');
  const history = clientVersions.getByRole('listitem').filter({ hasNotText: 'Current' });
  await expect(history.filter({ hasText: /Round 1, version \d+/ })).toContainText('retouched 2.jpg');
  await expect(clientMug.getByText('retouched 1.jpg')).toHaveCount(0);
  await screenshots(clientPage, testInfo, 'client-image-detail', false);
  await clientMug.getByRole('button', { name: 'Close' }).click();
  await screenshots(clientPage, testInfo, 'client-job-page');
  console.info(`screenshots: ${testInfo.outputPath()}`);

  await Promise.all([editorContext.close(), managerContext.close(), clientContext.close()]);
  expect(errors).toEqual([]);
});
