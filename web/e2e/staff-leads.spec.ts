/**
 * The staff leads page (issue 14) in headless Chromium against the local stack: leads sent through
 * the public API are found by the server-side search, shown as a table on a wide screen and as
 * labelled rows on a phone (the same columns), and free-trial leads have their own tab.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { listServicesResponseSchema } from '@studio/shared/service';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { useStaffSessionOf } from './staff-support.ts';

// Unique to this file's run in this project: the desktop and phone copies may load at once, in
// two workers.
const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const contactName = `Lena Leadtest ${tag}`;
const trialName = `Tomas Trialtest ${tag}`;

async function post(path: string, body: unknown) {
  const response = await fetch(`${provided('gatewayUrl')}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

test.beforeAll(async () => {
  await post('contact/addnew', {
    name: contactName,
    email: `lena.${tag}@example.com`,
    phone: '+1 202 555 0147',
    description: 'Two hundred ring photos on white.',
  });
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  const service = services[0]!;
  await post('free-trial-leads', {
    serviceId: service.id,
    service: service.name,
    name: trialName,
    email: `tomas.${tag}@example.com`,
    format: 'PNG',
    imageLink: 'https://photos.example/tomas',
  });
});

async function openLeads(page: Page): Promise<void> {
  await useStaffSessionOf(page, 'SUPER_ADMIN');
  await page.goto('/contact-leads');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Leads' })).toBeVisible();
  // The whole list first, then the server's answer to the search.
  await expect(page.getByRole('table', { name: 'Contact leads' })).toBeVisible();
  const searched = page.waitForResponse((response) => response.url().includes(`search=${tag}`));
  await page.getByLabel('Search by name, email or service').fill(tag);
  await searched;
  await expect(page.getByText('Searching...')).toHaveCount(0);
}

test.describe('staff leads', () => {
  test('finds a lead by server search and shows it as a table on a wide screen', async ({ page }) => {
    await openLeads(page);
    const table = page.getByRole('table', { name: 'Contact leads' });
    const row = table.getByRole('row').filter({ hasText: contactName });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2); // the header row and the one lead
    await expect(row.getByRole('link', { name: `lena.${tag}@example.com` })).toHaveCount(1);
    // Desktop: the column headers are shown, the phone labels are not.
    await expect(table.getByRole('columnheader', { name: 'Message' })).toBeVisible();
    await expect(row.locator('.data-table__label').first()).toBeHidden();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);

    await page.getByRole('tab', { name: 'Free-trial leads' }).click();
    const trials = page.getByRole('table', { name: 'Free-trial leads' });
    const trial = trials.getByRole('row').filter({ hasText: trialName });
    await expect(trial.getByRole('link', { name: 'https://photos.example/tomas' })).toHaveCount(1);
  });

  test('shows the same columns as labelled rows on a phone', { tag: '@phone' }, async ({ page, viewport }) => {
    await openLeads(page);
    const table = page.getByRole('table', { name: 'Contact leads' });
    const row = table.getByRole('row').filter({ hasText: contactName });
    await expect(row).toBeVisible();
    // The column headers are out of sight (still read by screen readers); each cell shows its label.
    expect(await table.locator('thead').boundingBox()).toMatchObject({ width: 1, height: 1 });
    await expect(row.locator('.data-table__label')).toHaveText([
      'Name',
      'Email',
      'Phone',
      'Service',
      'Message',
      'Date',
    ]);
    const message = row.getByRole('cell').filter({ hasText: 'Two hundred ring photos' });
    const [label, value] = await Promise.all([
      message.locator('.data-table__label').boundingBox(),
      message.locator('.data-table__value').boundingBox(),
    ]);
    // Label and value side by side, within the phone's width: no sideways scrolling.
    expect(label!.x).toBeLessThan(value!.x);
    expect(value!.x + value!.width).toBeLessThanOrEqual(viewport!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });
});
