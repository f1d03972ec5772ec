/**
 * Issue 35 in headless Chromium against the local stack: the style spec a job was ordered with,
 * beside each image for the editor (the image's dialog on the job's files page) and for QC (each
 * entry of the QC board). The client makes a spec with a reference image in its personal
 * organisation through the API and orders two photos with it; the editor sees "Spec: <name> ·
 * version 1" with the settings in words and the reference image, which opens full size; QC sees the
 * same beside the delivered image. Written under test-results/ to look at, at both sizes.
 */
import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Job } from '@studio/shared/job';
import { listOrganisationsResponseSchema } from '@studio/shared/organisation';
import { referenceUploadLinkResponseSchema, specResponseSchema } from '@studio/shared/style-spec';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, callApi, markPaidAsManager, orderJobWithPhotos } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its job to the seeded
// EDITOR, whose whole board other files read.
test.describe.configure({ lock: sharedStateLock });

const specName = `Marketplace ${randomBytes(3).toString('hex')}`;
let job: Job;

const jpeg = (red: number) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: red, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer();

/** A spec with one reference image in the client's personal organisation, as the portal makes it. */
async function specOf(token: string): Promise<string> {
  const organisations = listOrganisationsResponseSchema.parse(
    (await callApi('/api/organisations', { token })).json,
  ).organisations;
  const organisationId = organisations.find((o) => o.personal)!.id;
  const picture = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const link = await callApi(`/api/organisations/${organisationId}/reference-images/upload-links`, {
    method: 'POST',
    token,
    body: JSON.stringify({ fileName: 'white look.png', contentType: 'image/png', size: picture.length }),
  });
  expect(link.status, JSON.stringify(link.json)).toBe(201);
  const { referenceImageId, upload } = referenceUploadLinkResponseSchema.parse(link.json);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'file');
  expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const created = await callApi(`/api/organisations/${organisationId}/specs`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      name: specName,
      background: 'white',
      aspectRatio: '1:1',
      fileFormat: 'JPEG',
      referenceImages: [{ id: referenceImageId, fileName: 'white look.png' }],
    }),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return specResponseSchema.parse(created.json).spec.id;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const client = await freshClient({ name: 'Spec Client' });
  job = await orderJobWithPhotos(client.token, {
    instructions: 'E2E spec beside the image',
    photos: [{ name: 'bottle.jpg', body: await jpeg(30) }],
    specId: await specOf(client.token),
  });
  expect(job.spec).toMatchObject({ version: 1, name: specName });
  await assignToSeededEditor(job.id);
  await markPaidAsManager(job.id);
});

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test('the editor and QC read the job’s spec beside its image @both-sizes', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const viewport = testInfo.project.use.viewport ?? null;
  const editorContext = await browser.newContext({ viewport });
  const editor = await editorContext.newPage();
  await useStaffSessionOf(editor, 'EDITOR');
  await editor.goto(`/job-files/${job.id}`);
  await editor
    .getByRole('list', { name: 'Images of the job' })
    .getByRole('button', { name: 'Open bottle.jpg' })
    .click();
  const dialog = editor.getByRole('dialog', { name: 'bottle.jpg' });
  const panel = dialog.getByRole('complementary', { name: 'Style spec' });
  await expect(panel.getByRole('heading', { name: `Spec: ${specName} · version 1` })).toBeVisible();
  await expect(panel.getByText('Solid colour #FFFFFF')).toBeVisible();
  await expect(panel.getByText('1:1')).toBeVisible();
  const thumbnail = panel.getByRole('img', { name: 'Reference image white look.png' });
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await screenshot(editor, testInfo, 'editor-image-spec');
  await panel.getByRole('button', { name: 'Open Reference image white look.png full size' }).click();
  const fullSize = editor.getByRole('dialog', { name: `Reference images of ${specName}` });
  await expect(fullSize).toBeVisible();
  await screenshot(editor, testInfo, 'editor-reference-full-size');
  await fullSize.getByRole('button', { name: 'Close' }).click();
  await expect(fullSize).toBeHidden();

  // Delivered by name, the image waits for QC: the manager sees the spec beside it there too.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const bulk = editor.getByRole('form', { name: 'Deliver finished files by name' });
  await bulk
    .getByLabel('Finished files')
    .setInputFiles({ name: 'bottle.jpg', mimeType: 'image/jpeg', buffer: await jpeg(200) });
  await bulk.getByRole('button', { name: 'Deliver 1 file' }).click();
  await expect(bulk.getByRole('list', { name: 'Files delivered' })).toContainText('bottle.jpg');
  await editorContext.close();

  const managerContext = await browser.newContext({ viewport });
  const manager = await managerContext.newPage();
  await useStaffSessionOf(manager, 'MANAGER');
  await manager.goto('/qc');
  const entry = manager.getByRole('article').filter({ hasText: job.jobNumber ?? '' });
  const qcPanel = entry.getByRole('complementary', { name: 'Style spec' });
  await expect(qcPanel.getByRole('heading', { name: `Spec: ${specName} · version 1` })).toBeVisible();
  await expect(qcPanel.getByRole('img', { name: 'Reference image white look.png' })).toBeVisible();
  await entry.scrollIntoViewIfNeeded();
  await screenshot(manager, testInfo, 'qc-entry-spec');
  await managerContext.close();
});
