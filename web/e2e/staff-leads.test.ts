/**
 * The staff leads page (issue 14) in headless Chromium against the local stack: leads sent through
 * the public API are found by the server-side search, shown as a table on a wide screen and as
 * labelled rows on a phone (the same columns), and free-trial leads have their own tab.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { listServicesResponseSchema } from '@studio/shared/service';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { axeViolations } from './axe.ts';
import { useStaffSessionOf } from './staff-support.ts';
import '../../scripts/test-setup/provided-context.ts';

let browser: Browser;
const tag = Date.now().toString(36);
const contactName = `Lena Leadtest ${tag}`;
const trialName = `Tomas Trialtest ${tag}`;

async function post(path: string, body: unknown) {
  const response = await fetch(`${inject('gatewayUrl')}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

beforeAll(async () => {
  browser = await launchChromium();
  await post('contact/addnew', {
    name: contactName,
    email: `lena.${tag}@example.com`,
    phone: '+1 202 555 0147',
    description: 'Two hundred ring photos on white.',
  });
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${inject('gatewayUrl')}/api/services`)).json(),
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

afterAll(async () => {
  await browser?.close();
});

async function openLeads(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await useStaffSessionOf(page, 'SUPER_ADMIN');
  await page.goto(`${inject('siteUrl')}/contact-leads`);
  await page.getByRole('heading', { level: 1, name: 'Contact Leads' }).waitFor();
  // The whole list first, then the server's answer to the search.
  await page.getByRole('table', { name: 'Contact leads' }).waitFor();
  const searched = page.waitForResponse((response) => response.url().includes(`search=${tag}`));
  await page.getByLabel('Search by name, email or service').fill(tag);
  await searched;
  await page.getByText('Searching...').waitFor({ state: 'detached' });
  return page;
}

describe('staff leads', () => {
  it('finds a lead by server search and shows it as a table on a wide screen', async () => {
    const page = await openLeads(1280);
    const table = page.getByRole('table', { name: 'Contact leads' });
    const row = table.getByRole('row').filter({ hasText: contactName });
    await row.waitFor({ timeout: 10_000 });
    expect(await table.getByRole('row').count()).toBe(2); // the header row and the one lead
    expect(await row.getByRole('link', { name: `lena.${tag}@example.com` }).count()).toBe(1);
    // Desktop: the column headers are shown, the phone labels are not.
    expect(await table.getByRole('columnheader', { name: 'Message' }).isVisible()).toBe(true);
    expect(await row.locator('.data-table__label').first().isVisible()).toBe(false);
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);

    await page.getByRole('tab', { name: 'Free-trial leads' }).click();
    const trials = page.getByRole('table', { name: 'Free-trial leads' });
    const trial = trials.getByRole('row').filter({ hasText: trialName });
    await trial.waitFor({ timeout: 10_000 });
    expect(await trial.getByRole('link', { name: 'https://photos.example/tomas' }).count()).toBe(1);
    await page.context().close();
  });

  it('shows the same columns as labelled rows on a phone', async () => {
    const page = await openLeads(375);
    const table = page.getByRole('table', { name: 'Contact leads' });
    const row = table.getByRole('row').filter({ hasText: contactName });
    await row.waitFor({ timeout: 10_000 });
    // The column headers are out of sight (still read by screen readers); each cell shows its label.
    expect(await table.locator('thead').boundingBox()).toMatchObject({ width: 1, height: 1 });
    const labels = await row.locator('.data-table__label').allInnerTexts();
    expect(labels).toEqual(['Name', 'Email', 'Phone', 'Service', 'Message', 'Date']);
    const message = row.getByRole('cell').filter({ hasText: 'Two hundred ring photos' });
    const [label, value] = await Promise.all([
      message.locator('.data-table__label').boundingBox(),
      message.locator('.data-table__value').boundingBox(),
    ]);
    // Label and value side by side, within the phone's width: no sideways scrolling.
    expect(label!.x).toBeLessThan(value!.x);
    expect(value!.x + value!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
    await page.context().close();
  });
});
