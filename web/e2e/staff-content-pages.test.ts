/**
 * The staff content screens of issue 14 (catalogue, showcase, home content, openings) in headless
 * Chromium against the local stack: no page scrolls sideways on a wide screen or a phone, axe
 * finds nothing on a phone (nor on a wide screen where the layout differs), and the job openings
 * page is used end to end, its changes reaching the careers page's public read.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { listJobOpeningsResponseSchema } from '@studio/shared/job-opening';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { axeViolations } from './axe.ts';
import { useStaffSessionOf } from './staff-support.ts';
import '../../scripts/test-setup/provided-context.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Each page, its title, and whether its wide layout differs from its phone one (tables, tiles). */
const pages = [
  ['/service-table', 'Service Table', true],
  ['/add-service', 'Add Service', false],
  ['/add-subservice', 'Add Subservice', false],
  ['/upload-image', 'Upload Image', false],
  ['/service-list', 'Service List', true],
  ['/add-gallaryitem', 'Add Gallery Showcase', false],
  ['/manage-gallary', 'Gallery Items Management', true],
  ['/mangageImageCaraousal', 'Service Images Manager', true],
  ['/home-content', 'Home Page Content', true],
  ['/job-postings', 'Job Openings', true],
] as const;

async function staffPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await useStaffSessionOf(page, 'SUPER_ADMIN');
  return page;
}

async function open(page: Page, path: string, title: string) {
  await page.goto(`${inject('siteUrl')}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // Every list has answered: no loading text is left.
  await expect.poll(() => page.getByText(/^Loading .*\.\.\.$/).count(), { timeout: 10_000 }).toBe(0);
}

const publicOpenings = async () =>
  listJobOpeningsResponseSchema.parse(await (await fetch(`${inject('gatewayUrl')}/api/job-openings`)).json());

describe('staff content pages', () => {
  for (const width of [1280, 375]) {
    describe(`at ${width} px`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await staffPage(width);
      });
      afterAll(async () => {
        await page?.context().close();
      });
      for (const [path, title, twoLayouts] of pages) {
        // axe reads every page on a phone, and again on a wide screen where the layout differs.
        const checkAxe = width < 600 || twoLayouts;
        it(`${path} does not scroll sideways${checkAxe ? ' and passes axe' : ''}`, async () => {
          await open(page, path, title);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          if (checkAxe) expect(await axeViolations(page, { include: 'main' })).toEqual([]);
        });
      }
    });
  }

  it('creates, closes and deletes a job opening; the careers read follows', async () => {
    const title = `Retouching Lead ${Date.now().toString(36)}`;
    const page = await staffPage(375);
    await open(page, '/job-postings', 'Job Openings');
    await page.getByRole('button', { name: 'New job opening' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Lead a team of four retouchers.');
    await page.getByRole('button', { name: 'Create job opening' }).click();
    await page.getByText('Job opening created.').waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('Active');
    expect((await publicOpenings()).some((opening) => opening.title === title)).toBe(true);

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
    await dialog.getByLabel('Active (shown on the careers page)').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Job opening updated.').waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 10_000 }).toContain('Inactive');
    expect((await publicOpenings()).some((opening) => opening.title === title)).toBe(false);

    await row.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete this job opening?' });
    expect(await ask.textContent()).toContain('Are you sure you want to delete this job opening?');
    await ask.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Job opening deleted.').waitFor();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });
});
