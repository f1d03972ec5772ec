/**
 * Issue 17 in headless Chromium against the local stack: the EDITOR delivers a client's job on
 * /editor; the client, on 'Your Jobs', requests changes with a note and a reference image (its
 * upload's progress shown); the EDITOR sees round 2 with the note and the image and delivers again;
 * the client approves; the client's job page shows every step of the timeline in order, and the
 * staff console shows the same timeline on the job's page. A screenshot of the client's job page
 * is written under test-results/ (its path is printed) to look at.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Job } from '@studio/shared/job';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { assignToSeededEditor, orderJob, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one hands its job to the seeded
// EDITOR and reads every notice of that board.
test.describe.configure({ lock: sharedStateLock });

let client: { email: string; password: string; token: string };
let job: Job;
const instructions = `E2E lifecycle ${randomBytes(4).toString('hex')}`;
const note = 'Please make the background pure white\nand keep the shadow.';

test.beforeAll(async () => {
  client = await freshClient({ name: 'Lifecycle Client' });
  job = await orderJob(client.token, { instructions });
  await assignToSeededEditor(job.id);
});

/**
 * On /editor, the job's card: the delivery link, then Deliver, its confirmation (naming the client
 * and what they get) and the page's answer. The seeded EDITOR holds every file's jobs, many in a
 * later round: the cards above this one keep their place while their rounds load
 * (job-lifecycle.tsx), so the press lands on this card's button. The page's notice goes after 3 s:
 * every message it shows is kept from the press on, so a machine too busy to look at the page in
 * those 3 s still reads it.
 */
async function editorDeliver(page: Page, label: string, values: { link?: string; gets: string }) {
  await page.goto('/editor');
  const card = page.locator('li', { hasText: instructions });
  if (values.link) await card.getByLabel('Delivery link').fill(values.link);
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const keep = () => {
      for (const element of document.querySelectorAll('.notice p, .form__alert, .form__error')) {
        const text = element.textContent ?? '';
        if (text && !said.includes(text)) said.push(text);
      }
    };
    new MutationObserver(keep).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await card.getByRole('button', { name: 'Deliver' }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Deliver ${label} to Lifecycle Client?` });
  await expect(confirmation).toContainText(`Lifecycle Client is told the work is ready and gets ${values.gets}.`);
  const sent = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/editor-update'));
  await confirmation.getByRole('button', { name: 'Yes, deliver' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ progress: 100 });
  // The page's notice, or the form's own refusal: a failure names what was said.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said), { message: 'what the page said' })
    .toEqual([`${label} was delivered to Lifecycle Client.`]);
  return card;
}

test.describe('delivery, revision and approval in the browser', () => {
  test('the editor delivers, the client asks for changes with an image, the editor delivers round 2, the client approves', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    const label = job.jobNumber ?? job.serviceName;

    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    editorPage.on('pageerror', (error) => errors.push(String(error)));
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    clientPage.on('pageerror', (error) => errors.push(String(error)));

    // EDITOR: delivers with a delivery link: Delivered.
    await useStaffSessionOf(editorPage, 'EDITOR');
    const delivered = await editorDeliver(editorPage, label, {
      link: 'https://www.dropbox.com/sh/e2e/round-1',
      gets: 'the delivery link',
    });
    await expect(delivered.locator('.staff-job__status', { hasText: 'Delivered' })).toBeVisible();

    // CLIENT: signs in; the delivered job waits for an answer: Request changes, a note and an image.
    await signInOnPage(clientPage, client);
    const card = clientPage.locator('article.job-card', { hasText: instructions });
    await expect(card.getByText('Delivered: approve the work, or ask for changes.')).toBeVisible();
    await card.getByRole('button', { name: `Request changes to ${label}` }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByLabel('What should change? *').fill(note);
    const reference = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#f4f4f4' } })
      .jpeg()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'like-this.jpg', mimeType: 'image/jpeg', buffer: reference }]);
    await expect(dialog.getByText('1 of 1 uploaded')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(clientPage.getByText('Your request was sent to the studio.')).toBeVisible();
    await expect(card.getByText('Changes requested (revision 1)')).toBeVisible();

    // EDITOR: round 2, "Revision 1", on the card, with the note and the image; delivers again.
    await editorPage.goto('/editor');
    const round2 = editorPage.getByRole('region', { name: `Revision 1 of ${label}` });
    await expect(round2.getByText('Please make the background pure white')).toBeVisible();
    await expect(round2.getByRole('img', { name: 'like-this.jpg' })).toHaveCount(1);
    const again = await editorDeliver(editorPage, label, { gets: 'the delivery link' });
    await expect(again.locator('.staff-job__status', { hasText: 'Delivered' })).toBeVisible();

    // CLIENT: approves; the job is completed.
    await clientPage.reload();
    await expect(card.getByText('Delivered (revision 1)')).toBeVisible();
    await card.getByRole('button', { name: `Approve ${label}` }).click();
    await clientPage
      .getByRole('alertdialog', { name: 'Approve this delivery?' })
      .getByRole('button', { name: 'Yes, approve' })
      .click();
    const completed = clientPage.locator('section', {
      has: clientPage.getByRole('heading', { level: 2, name: 'Completed' }),
    });
    const done = completed.locator('article.job-card', { hasText: instructions });
    await expect(done).toBeVisible();

    // The job's page: the timeline, every step in order.
    await done.getByRole('link', { name: `Job page and timeline of ${label}` }).click();
    await expect(clientPage).toHaveURL((url) => url.pathname === `/dashboard/jobs/${job.id}`);
    const timeline = clientPage.getByRole('list', { name: 'Timeline' });
    const steps = [
      `Ordered: 4 photos of ${job.serviceName}`,
      'Assigned to an editor',
      'Delivered',
      'Revision 1 requested',
      'Delivered again (revision 1)',
      'Approved by the client',
    ];
    await expect(timeline.locator('.job-timeline__what')).toHaveText(steps);
    await expect(timeline.locator('.job-timeline__who')).toHaveText([
      'You',
      'Studio',
      'Studio',
      'You',
      'Studio',
      'You',
    ]);
    await expect(
      clientPage.getByRole('list', { name: 'Revision requests' }).getByText('keep the shadow'),
    ).toBeVisible();
    const screenshot = testInfo.outputPath('client-job-page.png');
    await clientPage.screenshot({ path: screenshot, fullPage: true });
    console.info(`client job page screenshot: ${screenshot}`);
    await clientContext.close();

    // The staff console shows the same timeline on the job's page.
    await editorPage.goto(`/job-files/${job.id}`);
    await expect(editorPage.getByRole('list', { name: 'Timeline' }).locator('.job-timeline__what')).toHaveText(steps);
    await editorContext.close();
    expect(errors).toEqual([]);
  });
});
