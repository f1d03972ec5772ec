/**
 * Issue 34 in headless Chromium against the local stack: the client's review of each image. A
 * paid job of five uploaded photos, all delivered and passed by QC. The client drops two pins on
 * one image (R on its card starts the rejection) and a rectangle on another, rejects both,
 * approves two by keyboard (A) and the last with "Approve all remaining", then sends the
 * rejections; round 2 holds exactly those two images (read through the API). The editor sees
 * them marked "Sent back, round 2", and in each image's detail the shapes over the original and
 * the delivered version at the positions the client drew them (within 1 % of the picture). The
 * compare viewer's slider and zoom are checked at 1280 px and at 390 px; axe checks the review
 * page and the viewer. Each page is written under test-results/ at both sizes to look at.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import {
  createVersionUploadLinksResponseSchema,
  getJobImageResponseSchema,
  listJobImagesResponseSchema,
} from '@studio/shared/image-api';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listRevisionRequestsResponseSchema } from '@studio/shared/job-lifecycle';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, callApi, markPaidAsManager, orderJobWithPhotos, signInOnPage } from './job-support.ts';
import { staffApiSession, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its job to the seeded
// EDITOR, whose whole board other files read.
test.describe.configure({ lock: sharedStateLock });

const names = ['bag.jpg', 'shoe.jpg', 'hat.jpg', 'belt.jpg', 'scarf.jpg'];
const width = 900;
const height = 600;
let client: Awaited<ReturnType<typeof freshClient>>;
let job: Job;

/** A photo with shapes to point at: a square near the top left and a disc right of the middle. */
const photo = (tint: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: tint, g: 110, b: 170 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="180" y="120" width="180" height="180" fill="#222"/>` +
            `<circle cx="630" cy="360" r="120" fill="rgb(${255 - tint},210,90)"/></svg>`,
        ),
        top: 0,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();

/** The EDITOR delivers a finished file for every image (matched by name), and a MANAGER passes QC on each. */
async function deliverEverything(jobId: string) {
  const editor = await staffApiSession('EDITOR');
  const files = await Promise.all(names.map(async (name, index) => ({ name, body: await photo(200 - index * 20) })));
  const linked = await callApi(`/api/jobs/${jobId}/images/upload-links`, {
    method: 'POST',
    token: editor.token,
    body: JSON.stringify({
      files: files.map((file) => ({ fileName: file.name, contentType: 'image/jpeg', size: file.body.length })),
    }),
  });
  expect(linked.status, JSON.stringify(linked.json)).toBe(200);
  const { links } = createVersionUploadLinksResponseSchema.parse(linked.json);
  for (const [index, link] of links.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries(link.post!.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(files[index]!.body)], { type: 'image/jpeg' }), 'file');
    const posted = await fetch(link.post!.url, { method: 'POST', body: form });
    expect(posted.status, await posted.text()).toBeLessThan(300);
  }
  const delivered = await callApi(`/api/jobs/${jobId}/images/deliveries`, {
    method: 'POST',
    token: editor.token,
    body: JSON.stringify({ files: links.map((link, index) => ({ key: link.key, fileName: files[index]!.name })) }),
  });
  expect(delivered.status, JSON.stringify(delivered.json)).toBe(200);
  const manager = await staffApiSession('MANAGER');
  const listed = listJobImagesResponseSchema.parse(
    (await callApi(`/api/jobs/${jobId}/images?status=IN_QC`, { token: manager.token })).json,
  );
  for (const image of listed.images) {
    const passed = await callApi(`/api/jobs/${jobId}/images/${image.id}/qc`, {
      method: 'PUT',
      token: manager.token,
      body: JSON.stringify({ decision: 'PASS' }),
    });
    expect(passed.status, JSON.stringify(passed.json)).toBe(200);
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  client = await freshClient({ name: 'Review Client' });
  job = await orderJobWithPhotos(client.token, {
    instructions: `E2E image review ${randomBytes(4).toString('hex')}`,
    photos: await Promise.all(names.map(async (name, index) => ({ name, body: await photo(40 + index * 10) }))),
  });
  await assignToSeededEditor(job.id);
  await markPaidAsManager(job.id);
  await deliverEverything(job.id);
  const read = jobResponseSchema.parse((await callApi(`/api/jobs/${job.id}`, { token: client.token })).json).job;
  expect(read.status).toBe('DELIVERED');
});

/** The page at desktop width and at a phone's under test-results/ (the screen alone while a dialog is open). */
async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`), fullPage });
  const other = size.width > 600 ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  await page.setViewportSize(other);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${other.width}.png`), fullPage });
  await page.setViewportSize(size);
}

/**
 * Where a shape sits on a picture, in 0..1 of the picture's drawn box: its box's centre, and for a
 * rectangle its edges. The box the browser answers includes the stroke: a pin (a dot 14 px wide)
 * is read by its centre, a rectangle's edges are within its 3 px line.
 */
async function relativeBox(shape: Locator, picture: Locator) {
  const [mark, image] = await Promise.all([shape.boundingBox(), picture.boundingBox()]);
  if (!mark || !image) throw new Error('the shape or the picture is not drawn');
  return {
    x: (mark.x + mark.width / 2 - image.x) / image.width,
    y: (mark.y + mark.height / 2 - image.y) / image.height,
    left: (mark.x - image.x) / image.width,
    top: (mark.y - image.y) / image.height,
    right: (mark.x + mark.width - image.x) / image.width,
    bottom: (mark.y + mark.height - image.y) / image.height,
  };
}

function expectWithinOnePercent(actual: Record<string, number>, expected: Record<string, number>) {
  for (const key of Object.keys(expected)) expect(Math.abs(actual[key]! - expected[key]!), key).toBeLessThan(0.01);
}

/** A point of the picture (0..1) on the screen, from the drawing's box. */
async function pointOn(drawing: Locator, x: number, y: number) {
  const box = (await drawing.boundingBox())!;
  return { x: box.x + box.width * x, y: box.y + box.height * y };
}

/** The image's card in the review grid. */
const card = (page: Page, name: string) =>
  page.getByRole('grid', { name: 'Images to review' }).getByRole('row').filter({ hasText: name });
const cardCell = (page: Page, name: string) => card(page, name).getByRole('gridcell').first();

test('a client marks and rejects two images, approves the rest, sends the rejections; the editor sees the marks where they were drawn', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  const clientContext = await browser.newContext();
  const page = await clientContext.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));

  // The job page's primary action while the delivery waits for an answer.
  await signInOnPage(page, client, `/dashboard/jobs/${job.id}`);
  await page.getByRole('link', { name: 'Review 5 images' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/jobs/${job.id}/review$`));
  const bar = page.getByRole('region', { name: 'Your review' });
  await expect(bar.getByText('5 to review · 0 approved · 0 rejected')).toBeVisible();
  await expect(cardCell(page, 'bag.jpg').getByRole('img', { name: 'Finished bag.jpg' })).toBeVisible();
  await screenshots(page, testInfo, 'review-page');
  expect(await axeViolations(page)).toEqual([]);

  // The bag: R on its card opens the viewer with the pin tool; two pins, each with its comment.
  await cardCell(page, 'bag.jpg').focus();
  await page.keyboard.press('r');
  const viewer = page.getByRole('dialog', { name: 'bag.jpg' });
  await expect(viewer.getByRole('radio', { name: /^Pin/ })).toBeChecked();
  const bagDrawing = viewer.getByRole('img', { name: /^\d+ marks? on bag\.jpg$/ });
  const bagPicture = viewer.getByRole('img', { name: 'Delivered bag.jpg' });
  await expect(bagPicture).toHaveJSProperty('complete', true);
  const pins = [
    { x: 0.3, y: 0.35, comment: 'A dust spot on the square.' },
    { x: 0.7, y: 0.6, comment: 'The disc is too yellow.' },
  ];
  for (const [index, pin] of pins.entries()) {
    const at = await pointOn(bagDrawing, pin.x, pin.y);
    await page.mouse.click(at.x, at.y);
    const field = viewer.getByLabel(`${index + 1}. Pin: what should change here? *`);
    await expect(field).toBeFocused();
    await page.keyboard.type(pin.comment);
  }
  const clientPins = await Promise.all(
    [1, 2].map((n) => relativeBox(bagDrawing.locator(`[data-shape="${n}"]`), bagPicture)),
  );
  expectWithinOnePercent(clientPins[0]!, { x: 0.3, y: 0.35 });
  expectWithinOnePercent(clientPins[1]!, { x: 0.7, y: 0.6 });
  await screenshots(page, testInfo, 'viewer-marking', false);
  expect(await axeViolations(page)).toEqual([]);
  await viewer.getByRole('button', { name: 'Reject' }).click();
  await expect(viewer.getByText('You rejected it (round 1); not sent to the studio yet.')).toBeVisible();
  await expect(viewer.getByRole('list', { name: 'Comments on the picture' }).getByRole('listitem')).toHaveText([
    `1 Pin ${pins[0]!.comment}`,
    `2 Pin ${pins[1]!.comment}`,
  ]);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  // Focus is back on the card the viewer was opened from.
  await expect(cardCell(page, 'bag.jpg')).toBeFocused();
  await expect(cardCell(page, 'bag.jpg')).toContainText('Rejected, not sent yet, 2 marks');

  // The shoe: opened by a click, a rectangle dragged over the square.
  await cardCell(page, 'shoe.jpg').click();
  const shoe = page.getByRole('dialog', { name: 'shoe.jpg' });
  await shoe.getByRole('radio', { name: /^Rectangle/ }).check();
  const shoeDrawing = shoe.getByRole('img', { name: /^\d+ marks? on shoe\.jpg$/ });
  const from = await pointOn(shoeDrawing, 0.2, 0.2);
  const to = await pointOn(shoeDrawing, 0.4, 0.5);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(shoe.getByLabel('1. Rectangle: what should change here? *')).toBeFocused();
  await page.keyboard.type('Remove the dark square.');
  const clientRect = await relativeBox(
    shoeDrawing.locator('[data-shape="1"]'),
    shoe.getByRole('img', { name: 'Delivered shoe.jpg' }),
  );
  expectWithinOnePercent(clientRect, { left: 0.2, top: 0.2, right: 0.4, bottom: 0.5 });
  await shoe.getByRole('button', { name: 'Reject' }).click();
  await expect(shoe.getByText('You rejected it (round 1); not sent to the studio yet.')).toBeVisible();
  await shoe.getByRole('button', { name: 'Close' }).click();
  await expect(shoe).toBeHidden();

  // Two approved by keyboard: the arrows move between cards, A approves the focused one.
  await expect(cardCell(page, 'shoe.jpg')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cardCell(page, 'hat.jpg')).toBeFocused();
  await page.keyboard.press('a');
  await expect(page.getByRole('status').filter({ hasText: 'hat.jpg approved.' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(cardCell(page, 'belt.jpg')).toBeFocused();
  await page.keyboard.press('A');
  await expect(cardCell(page, 'belt.jpg')).toContainText('Approved');
  await expect(bar.getByText('1 to review · 2 approved · 2 rejected')).toBeVisible();

  // The approval of the job is refused while rejections are not sent, and says why.
  await expect(bar.getByText('The job can be approved once your 2 rejections are sent or undone.')).toBeVisible();
  await bar.getByRole('button', { name: 'Approve job' }).click();
  const approve = page.getByRole('alertdialog', { name: 'Approve this delivery?' });
  await approve.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(approve.getByRole('alert')).toContainText('rejected 2 images');
  await approve.getByRole('button', { name: 'Not yet' }).click();

  // The last one with "Approve all remaining", which names the count.
  await bar.getByRole('button', { name: 'Approve all remaining' }).click();
  const all = page.getByRole('alertdialog', { name: 'Approve 1 image?' });
  await all.getByRole('button', { name: 'Approve 1 image' }).click();
  await expect(bar.getByText('0 to review · 3 approved · 2 rejected')).toBeVisible();
  await page
    .getByRole('group', { name: 'Show images' })
    .getByRole('button', { name: /^Rejected/ })
    .click();
  await expect(page).toHaveURL(/\?show=rejected$/);
  await expect(page.getByRole('grid', { name: 'Images to review' }).getByRole('row')).toHaveCount(2);
  await screenshots(page, testInfo, 'review-decided');

  // Sent as one round, with a note for the whole job.
  await bar.getByRole('button', { name: 'Send 2 rejections' }).click();
  const send = page.getByRole('alertdialog', { name: 'Send 2 rejections?' });
  await send.getByLabel('A note for the whole job (optional)').fill('Same light as the hat, please.');
  await send.getByRole('button', { name: 'Send 2 rejections' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent to the studio as round 2' })).toHaveText(
    'Sent to the studio as round 2: 2 images sent back, 3 approved.',
  );

  // Round 2 holds exactly the two rejected images (the API).
  const rounds = listRevisionRequestsResponseSchema.parse(
    (await callApi(`/api/jobs/${job.id}/revision-requests`, { token: client.token })).json,
  ).revisions;
  expect(rounds.at(-1)).toMatchObject({ round: 2, sentBackCount: 2, approvedCount: 3 });
  const inEdit = listJobImagesResponseSchema.parse(
    (await callApi(`/api/jobs/${job.id}/images?status=IN_EDIT`, { token: client.token })).json,
  );
  expect(inEdit.images.map((image) => image.fileName).sort()).toEqual(['bag.jpg', 'shoe.jpg']);
  expect(inEdit.counts).toMatchObject({ IN_EDIT: 2, APPROVED: 3, REJECTED: 0, DELIVERED: 0 });

  // The EDITOR: the two images sent back, each with its marks over the original and the version.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  editor.on('pageerror', (error) => errors.push(String(error)));
  await useStaffSessionOf(editor, 'EDITOR');
  await editor.goto(`/job-files/${job.id}`);
  const grid = editor.getByRole('list', { name: 'Images of the job' });
  await expect(grid.getByRole('listitem').filter({ hasText: 'bag.jpg' })).toContainText('Sent back, round 2 (2 marks)');
  await expect(grid.getByRole('listitem').filter({ hasText: 'shoe.jpg' })).toContainText('Sent back, round 2 (1 mark)');
  await expect(grid.getByRole('listitem').filter({ hasText: 'hat.jpg' })).not.toContainText('Sent back');
  await grid.getByRole('button', { name: 'Open bag.jpg' }).click();
  const detail = editor.getByRole('dialog', { name: 'bag.jpg' });
  const history = detail.getByRole('region', { name: 'Client reviews' });
  await expect(history.getByRole('list', { name: 'Comments of round 1' }).getByRole('listitem')).toHaveText([
    `1 Pin ${pins[0]!.comment}`,
    `2 Pin ${pins[1]!.comment}`,
  ]);
  for (const name of ['Original bag.jpg, round 1 marks', 'Version 1 of bag.jpg, round 1 marks']) {
    const figure = history.getByRole('figure').filter({ has: editor.getByRole('img', { name, exact: true }) });
    const picture = figure.getByRole('img', { name, exact: true });
    await expect(picture).toHaveJSProperty('complete', true);
    for (const n of [1, 2]) {
      const { x, y } = clientPins[n - 1]!;
      expectWithinOnePercent(await relativeBox(figure.locator(`[data-shape="${n}"]`), picture), { x, y });
    }
  }
  await screenshots(editor, testInfo, 'editor-image-detail', false);
  await detail.getByRole('button', { name: 'Close' }).click();
  await grid.getByRole('button', { name: 'Open shoe.jpg' }).click();
  const shoeDetail = editor.getByRole('dialog', { name: 'shoe.jpg' });
  const shoeName = 'Version 1 of shoe.jpg, round 1 marks';
  const shoeFigure = shoeDetail
    .getByRole('figure')
    .filter({ has: editor.getByRole('img', { name: shoeName, exact: true }) });
  const shoeVersion = shoeFigure.getByRole('img', { name: shoeName, exact: true });
  await expect(shoeVersion).toHaveJSProperty('complete', true);
  const { left, top, right, bottom } = clientRect;
  expectWithinOnePercent(await relativeBox(shoeFigure.locator('[data-shape="1"]'), shoeVersion), {
    left,
    top,
    right,
    bottom,
  });
  await shoeDetail.getByRole('button', { name: 'Close' }).click();
  // The read-only review page of the job's staff: the same grid, no decisions.
  await editor.getByRole('link', { name: "The client's review (read-only)" }).click();
  await expect(editor.getByRole('grid', { name: 'Images to review' }).getByRole('row')).toHaveCount(5);
  await expect(editor.getByRole('button', { name: /^(Approve( |$)|Reject$|Undo)/ })).toHaveCount(0);
  await screenshots(editor, testInfo, 'editor-review-page');

  // The shapes the API keeps are the ones drawn (rounded to 4 decimals).
  const bag = inEdit.images.find((image) => image.fileName === 'bag.jpg')!;
  const stored = getJobImageResponseSchema.parse(
    (await callApi(`/api/jobs/${job.id}/images/${bag.id}`, { token: client.token })).json,
  ).reviews;
  expect(stored.at(-1)!.annotations.map((a) => a.comment)).toEqual(pins.map((pin) => pin.comment));
  // The manager's dashboard has the studio's figure (jobs count once approved: this one is not yet).
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  manager.on('pageerror', (error) => errors.push(String(error)));
  await useStaffSessionOf(manager, 'MANAGER');
  await manager.goto('/manager');
  const figures = manager.getByRole('region', { name: 'First-time approval', exact: true });
  await expect(figures.getByRole('term')).toHaveText(['This month', 'Last 6 months']);
  // Month by month is the figures' card of it (#40, item 9), its numbers under "Numbers and CSV".
  const byMonth = manager.getByRole('region', { name: 'First-time approval rate' });
  await byMonth.getByText('Numbers and CSV').click();
  await expect(byMonth.getByRole('row')).toHaveCount(7);
  await screenshots(manager, testInfo, 'manager-figures');
  console.info(`screenshots: ${testInfo.outputPath()}`);
  await Promise.all([clientContext.close(), editorContext.close(), managerContext.close()]);
  expect(errors).toEqual([]);
});

test('the compare viewer slides and zooms to 100 % and beyond, panned together @both-sizes', async ({
  page,
}, testInfo) => {
  await signInOnPage(page, client, `/dashboard/jobs/${job.id}/review`);
  await cardCell(page, 'scarf.jpg').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]image=/);
  const viewer = page.getByRole('dialog', { name: 'scarf.jpg' });
  const delivered = viewer.getByRole('img', { name: 'Delivered scarf.jpg' });
  await expect(delivered).toHaveJSProperty('complete', true);

  // The slider is a range input: the keyboard moves the edge between original and delivered.
  const slider = viewer.getByRole('slider', { name: 'Before and after' });
  await expect(slider).toHaveValue('50');
  const before = viewer.locator('.review-viewer__before');
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveValue('100');
  await expect(before).toHaveCSS('clip-path', 'inset(0px 0% 0px 0px)');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue('70');
  await expect(before).toHaveCSS('clip-path', 'inset(0px 30% 0px 0px)');

  // 100 %: one file pixel per CSS pixel, whatever the fit was.
  const percent = viewer.getByRole('status', { name: 'Zoom level' });
  const stage = viewer.getByRole('group', { name: /^Picture:/ }).first();
  await stage.focus();
  await page.keyboard.press('1');
  await expect(percent).toHaveText('100 %');
  await expect.poll(async () => (await delivered.boundingBox())?.width).toBeCloseTo(width, 0);
  // + zooms past 100 %: the full file is drawn over the screen-sized variant.
  await page.keyboard.press('+');
  await expect(percent).toHaveText('200 %');
  await expect.poll(async () => (await delivered.boundingBox())?.width).toBeCloseTo(width * 2, 0);
  const full = viewer.locator('img[data-full]').first();
  await expect(full).toHaveJSProperty('complete', true);
  expect(await full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(width);

  // Arrow keys pan; side by side, both sides show the same part of the picture.
  const start = (await delivered.boundingBox())!;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await delivered.boundingBox())!.x).toBeLessThan(start.x);
  await viewer.getByRole('button', { name: 'Side by side' }).click();
  const original = viewer.getByRole('img', { name: 'Original scarf.jpg' });
  const stages = viewer.getByRole('group', { name: /^Picture:/ });
  const [left, right] = [await stages.nth(0).boundingBox(), await stages.nth(1).boundingBox()];
  const [o, d] = [await original.boundingBox(), await delivered.boundingBox()];
  expect(Math.abs(o!.x - left!.x - (d!.x - right!.x))).toBeLessThan(1);
  expect(Math.abs(o!.y - left!.y - (d!.y - right!.y))).toBeLessThan(1);
  expect(o!.width).toBeCloseTo(d!.width, 0);
  await page.keyboard.press('0');
  await expect(percent).not.toHaveText('200 %');
  await screenshots(page, testInfo, `viewer-side-by-side`, false);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]image=/);
});
