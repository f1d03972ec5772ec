/**
 * The staff content screens of issue 14 (catalogue, showcase, home content, openings) in headless
 * Chromium against the local stack: no page scrolls sideways on a wide screen or a phone, axe
 * finds nothing on a phone (nor on a wide screen where the layout differs), and the job openings
 * page is used end to end, its changes reaching the careers page's public read.
 */
import type { Page } from '@playwright/test';
import { listJobOpeningsResponseSchema } from '@studio/shared/job-opening';
import { axeViolations } from './axe.ts';
import { expect, provided, sharedStateLock, test as base } from './fixtures.ts';
import { staffStorageState } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one adds, hides and deletes a job
// opening.
base.describe.configure({ lock: sharedStateLock });

/** Every page of these tests opens the console signed in as the seeded SUPER_ADMIN. */
const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use) => use(await staffStorageState('SUPER_ADMIN')),
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

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Every list has answered: no loading text is left.
  await expect(page.getByText(/^Loading .*\.\.\.$/)).toHaveCount(0);
}

const publicOpenings = async () =>
  listJobOpeningsResponseSchema.parse(await (await fetch(`${provided('gatewayUrl')}/api/job-openings`)).json());

test.describe('staff content pages', { tag: '@both-sizes' }, () => {
  for (const [path, title, twoLayouts] of pages) {
    test(`${path} does not scroll sideways, and passes axe on a phone${twoLayouts ? ' and a wide screen' : ''}`, async ({
      page,
      viewport,
    }, testInfo) => {
      await open(page, path, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);
      // axe reads every page on a phone, and again on a wide screen where the layout differs.
      if (testInfo.project.name === 'phone' || twoLayouts) {
        expect(await axeViolations(page, { include: 'main' })).toEqual([]);
      }
    });
  }
});

test(
  'creates, closes and deletes a job opening on a phone; the careers read follows',
  { tag: '@phone' },
  async ({ page }) => {
    const title = `Retouching Lead ${Date.now().toString(36)}`;
    await open(page, '/job-postings', 'Job Openings');
    await page.getByRole('button', { name: 'New job opening' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Lead a team of four retouchers.');
    await page.getByRole('button', { name: 'Create job opening' }).click();
    await expect(page.getByText('Job opening created.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Active');
    expect((await publicOpenings()).some((opening) => opening.title === title)).toBe(true);

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
    await dialog.getByLabel('Active (shown on the careers page)').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Job opening updated.')).toBeVisible();
    await expect(row).toContainText('Inactive');
    expect((await publicOpenings()).some((opening) => opening.title === title)).toBe(false);

    await row.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete this job opening?' });
    await expect(ask).toContainText('Are you sure you want to delete this job opening?');
    await ask.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('Job opening deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
  },
);
