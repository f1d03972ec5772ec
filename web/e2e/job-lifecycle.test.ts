/**
 * Issue 17 in headless Chromium against the local stack: the EDITOR delivers a client's job on
 * /editor; the client, on 'Your Jobs', requests changes with a note and a reference image (its
 * upload's progress shown); the EDITOR sees round 2 with the note and the image and delivers again;
 * the client approves; the client's job page shows every step of the timeline in order, and the
 * staff console shows the same timeline on the job's page. A screenshot of the client's job page
 * is written to the system's temporary folder (its path is printed) to look at.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import type { Job } from '@studio/shared/job';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { assignToSeededEditor, orderJob, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

let browser: Browser;
let client: { email: string; password: string; token: string };
let job: Job;
const instructions = `E2E lifecycle ${randomBytes(4).toString('hex')}`;
const note = 'Please make the background pure white\nand keep the shadow.';

beforeAll(async () => {
  browser = await launchChromium();
  client = await freshClient({ name: 'Lifecycle Client' });
  job = await orderJob(client.token, { instructions });
  await assignToSeededEditor(job.id);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * What a page asked and was answered, and where it went, kept for a failure of the test: twice in
 * CI-like runs a step here had no effect (an Update, a link) and never alone; a request left
 * unanswered, an error answer or a page that moved elsewhere says where it stopped. On failure the
 * trail's end, the requests still open and a screenshot of each page are printed.
 */
function follow(pages: Record<string, Page>) {
  const started = Date.now();
  const trail: string[] = [];
  const open = new Map<Request, string>();
  const note = (line: string) => void trail.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
  noteInTrail = note;
  for (const [name, page] of Object.entries(pages)) {
    page.on('request', (request) => open.set(request, `${name} ${request.method()} ${request.url()}`));
    page.on('requestfinished', (request) => {
      open.delete(request);
      void request.response().then((response) => {
        // The app's files and images answered as they should are not worth a line.
        const status = response?.status() ?? 0;
        if (status < 400 && /\/(assets|media)\/|\.svg$/.test(new URL(request.url()).pathname)) return;
        note(`${name} ${status} ${request.method()} ${request.url()}`);
      });
    });
    page.on('requestfailed', (request) => {
      open.delete(request);
      note(`${name} FAILED ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
    });
    page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`${name} at ${frame.url()}`));
    page.on('console', (message) => message.type() === 'error' && note(`${name} console: ${message.text()}`));
  }
  onTestFailed(async () => {
    const shots = await Promise.all(
      Object.entries(pages).map(async ([name, page]) => {
        const path = join(tmpdir(), `job-lifecycle-${name}-${job.id}.png`);
        return page.screenshot({ path, fullPage: true }).then(
          () => path,
          () => `${name}: no screenshot`,
        );
      }),
    );
    console.info(
      [
        'job-lifecycle trail (last 60):',
        ...trail.slice(-60),
        'still open:',
        ...open.values(),
        ...Object.entries(pages).map(([name, page]) => `${name} is at ${page.url()}`),
        ...shots,
      ].join('\n'),
    );
  });
}

/** A line in the trail `follow` keeps (nothing before it starts). */
let noteInTrail: (line: string) => void = () => undefined;

/**
 * Clicks `target` until the click has had its effect (`done()`: a request sent, a page reached),
 * looked at for 5 s after each click. A click the page did not act on is made again, at most twice
 * more, and the trail says so: on the editor's long list (the seeded EDITOR holds every stack
 * file's jobs) cards above the one clicked grow as their rounds load, and a click can land where
 * the button was a moment before. What the click should lead to is checked by the caller, so a
 * page that never answers still fails the test.
 */
async function clickUntil(page: Page, target: Locator, done: () => boolean, what: string): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await target.click();
    for (const waitUntil = Date.now() + 5000; Date.now() < waitUntil;) {
      if (done()) return;
      await page.waitForTimeout(100);
    }
    if (done()) return;
    noteInTrail(`a click on ${what} had no effect within 5 s${attempt < 3 ? '; clicking again' : ''}`);
  }
}

async function editorUpdate(page: Page, values: { progress: string; link?: string }) {
  await page.goto(`${inject('siteUrl')}/editor`);
  const card = page.locator('li', { hasText: instructions });
  await card.waitFor();
  if (values.link) await card.getByLabel('Delivery link').fill(values.link);
  await card.getByLabel('Progress (%)').fill(values.progress);
  // Every message the page shows from now on, kept: the notice goes after 3 s, and a machine busy
  // enough to delay the browser's checks could miss it on screen.
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const note = () => {
      for (const element of document.querySelectorAll('.notice p, .form__alert, .form__error')) {
        const text = element.textContent ?? '';
        if (text && !said.includes(text)) said.push(text);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  let sent = false;
  const onRequest = (request: Request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/editor-update')) sent = true;
  };
  page.on('request', onRequest);
  await clickUntil(page, card.getByRole('button', { name: 'Update' }), () => sent, 'Update');
  page.off('request', onRequest);
  // The page's notice, or the form's own refusal: a failure names what was said, not a timeout.
  const said = await page
    .waitForFunction(() => {
      const texts = (window as unknown as { said: string[] }).said;
      return texts.length > 0 && texts;
    })
    .then((handle) => handle.jsonValue())
    .catch(async (error: unknown) => {
      throw new Error(`no answer to Update; the card read:\n${await card.innerText()}`, { cause: error });
    });
  expect(said).toEqual(['Job updated successfully']);
  return card;
}

describe('delivery, revision and approval in the browser', () => {
  it('the editor delivers, the client asks for changes with an image, the editor delivers round 2, the client approves', async () => {
    const site = inject('siteUrl');
    const errors: string[] = [];
    const label = job.jobNumber ?? job.serviceName;

    const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const editorPage = await editorContext.newPage();
    editorPage.on('pageerror', (error) => errors.push(String(error)));
    const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const clientPage = await clientContext.newPage();
    clientPage.on('pageerror', (error) => errors.push(String(error)));
    follow({ editor: editorPage, client: clientPage });

    // EDITOR: 100 % with a delivery link: Delivered.
    await useStaffSessionOf(editorPage, 'EDITOR');
    const delivered = await editorUpdate(editorPage, {
      progress: '100',
      link: 'https://www.dropbox.com/sh/e2e/round-1',
    });
    await delivered.locator('.staff-job__status', { hasText: 'Delivered' }).waitFor();

    // CLIENT: signs in; the delivered job waits for an answer: Request changes, a note and an image.
    await signInOnPage(clientPage, client);
    const card = clientPage.locator('article.job-card', { hasText: instructions });
    await card.getByText('Delivered: approve the work, or ask for changes.').waitFor();
    await card.getByRole('button', { name: `Request changes to ${label}` }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByLabel('What should change? *').fill(note);
    const reference = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#f4f4f4' } })
      .jpeg()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'like-this.jpg', mimeType: 'image/jpeg', buffer: reference }]);
    await dialog.getByText('1 of 1 uploaded').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await clientPage.getByText('Your request was sent to the studio.').waitFor();
    await card.getByText('Changes requested (round 2)').waitFor();

    // EDITOR: round 2 on the card, with the note and the image; delivers again.
    await editorPage.goto(`${site}/editor`);
    const round2 = editorPage.getByRole('region', { name: `Round 2 of ${label}` });
    await round2.getByText('Please make the background pure white').waitFor();
    expect(await round2.getByRole('img', { name: 'like-this.jpg' }).count()).toBe(1);
    const again = await editorUpdate(editorPage, { progress: '100' });
    await again.locator('.staff-job__status', { hasText: 'Delivered' }).waitFor();

    // CLIENT: approves; the job is completed.
    await clientPage.reload();
    await card.getByText('Delivered (round 2)').waitFor();
    await card.getByRole('button', { name: `Approve ${label}` }).click();
    const completed = clientPage.locator('section', {
      has: clientPage.getByRole('heading', { level: 2, name: 'Completed' }),
    });
    await completed.locator('article.job-card', { hasText: instructions }).waitFor();

    // The job's page: the timeline, every step in order.
    const jobPage = (url: URL) => url.pathname === `/dashboard/jobs/${job.id}`;
    await clickUntil(
      clientPage,
      completed
        .locator('article.job-card', { hasText: instructions })
        .getByRole('link', { name: `Job page and timeline of ${label}` }),
      () => jobPage(new URL(clientPage.url())),
      'the job page link',
    );
    await clientPage.waitForURL(jobPage);
    const timeline = clientPage.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Approved by the client').waitFor();
    const steps = await timeline.locator('.job-timeline__what').allInnerTexts();
    expect(steps).toEqual([
      `Ordered: 4 photos of ${job.serviceName}`,
      'Assigned to an editor',
      'Delivered',
      'Revision requested (round 2)',
      'Delivered again (round 2)',
      'Approved by the client',
    ]);
    expect(await timeline.locator('.job-timeline__who').allInnerTexts()).toEqual([
      'You',
      'Studio',
      'Studio',
      'You',
      'Studio',
      'You',
    ]);
    await clientPage.getByRole('list', { name: 'Revision requests' }).getByText('keep the shadow').waitFor();
    const screenshot = join(tmpdir(), `job-lifecycle-${job.id}.png`);
    await clientPage.screenshot({ path: screenshot, fullPage: true });
    console.info(`client job page screenshot: ${screenshot}`);
    await clientContext.close();

    // The staff console shows the same timeline on the job's page.
    await editorPage.goto(`${site}/job-files/${job.id}`);
    const staffTimeline = editorPage.getByRole('list', { name: 'Timeline' });
    await staffTimeline.getByText('Approved by the client').waitFor();
    expect(await staffTimeline.locator('.job-timeline__what').allInnerTexts()).toEqual(steps);
    await editorContext.close();
    expect(errors).toEqual([]);
  }, 180_000);
});
