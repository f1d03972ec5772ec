/**
 * Issue 17 (turnaround and volume pricing, due times) in headless Chromium against the local
 * stack: a client orders Express for 150 photos and sees the tier's discount, the surcharge and
 * the total update live, priced by the same module as the server, which stores that breakdown; a
 * MANAGER marks the job paid, sees it on /manager and /edit-job with its time left, moves its due
 * time into the past with a reason and sees it flagged overdue in words. Screenshots of the quote
 * page (desktop and a 375 px phone) are written to the system's temporary folder.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { priceJob, priceLine } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { jobOf, markPaidAsManager, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

let browser: Browser;
let service: Service;
const screenshots = path.join(tmpdir(), 'studio-e2e-screenshots');

const newClient = () => freshClient({ name: 'Rush Client' });

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${inject('gatewayUrl')}/api/services`)).json(),
  );
  service = services.find((s) => s.turnarounds.some((t) => t.id === 'express') && s.volumeTiers.length > 0)!;
  if (!service) throw new Error('the seed has no service with an Express turnaround and volume tiers');
});

afterAll(async () => {
  await browser?.close();
});

describe('turnaround and volume pricing', () => {
  it('a client orders Express for 150 photos and sees the discount, the surcharge and the total; staff see the time left', async () => {
    const client = await newClient();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const quotePath = `/service-quote/${service.id}`;
    await signInOnPage(page, client, quotePath);

    const sub = service.subServices[0]!;
    await page.getByRole('checkbox', { name: new RegExp(sub.name) }).check();
    await page.getByLabel('Cloud storage link').fill('https://www.dropbox.com/sh/e2e/rush');
    await page.getByLabel('Number of photos').fill('150');
    // The turnarounds are one radio group, the default (Standard) chosen.
    const group = page.getByRole('group', { name: 'Turnaround' });
    expect(await group.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await group.getByRole('radio', { name: /Express/ }).check();

    const express = service.turnarounds.find((t) => t.id === 'express')!;
    const expected = priceJob({
      lines: [priceLine(sub, 'USD')!],
      photos: 150,
      currency: 'USD',
      turnaround: express,
      volumeTiers: service.volumeTiers,
    });
    expect(expected.discountCents).toBeGreaterThan(0);
    expect(expected.rushSurchargeCents).toBeGreaterThan(0);
    const output = (name: string) => page.locator(`output[name="${name}"]`).innerText();
    await expect.poll(() => output('total'), { timeout: 10_000 }).toBe(formatCents(expected.totalCents, 'USD'));
    expect(await output('subtotal')).toBe(formatCents(expected.subtotalCents, 'USD'));
    expect(await output('discount')).toBe(`-${formatCents(expected.discountCents, 'USD')}`);
    expect(await output('surcharge')).toBe(`+${formatCents(expected.rushSurchargeCents, 'USD')}`);
    await page.getByText('Volume discount (10 % from 100 photos)').waitFor();
    await page.getByText('Express turnaround (+50 %)').waitFor();
    await page.getByText('Order 1,000 photos or more for 20 % off.').waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, 'quote-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, 'quote-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Create Job' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    const job = await jobOf(page, jobId);
    expect(job).toMatchObject({
      numberOfPhotos: 150,
      subtotalCents: expected.subtotalCents,
      discountCents: expected.discountCents,
      rushSurchargeCents: expected.rushSurchargeCents,
      totalCents: expected.totalCents,
      turnaround: { id: 'express' },
    });

    // The studio receives the transfer: the clock starts, 24 h.
    await markPaidAsManager(jobId, 'E2E transfer');

    // The manager's board: the job with its time left.
    const staff = await context.newPage();
    staff.on('pageerror', (error) => errors.push(String(error)));
    await useStaffSessionOf(staff, 'MANAGER');
    await staff.goto(`${inject('siteUrl')}/manager`);
    const onBoard = staff.locator(`li[aria-labelledby="due-${jobId}"]`);
    await onBoard.waitFor({ timeout: 15_000 });
    expect(await onBoard.innerText()).toMatch(/due in 2[34] h/);

    // /edit-job: the same, then the due time moved three hours into the past, with a reason.
    await staff.goto(`${inject('siteUrl')}/edit-job`);
    const card = staff.locator(`li[aria-labelledby="edit-${jobId}"]`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.innerText()).toMatch(/due in 2[34] h/);
    const past = new Date(Date.now() - 3 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${past.getFullYear()}-${pad(past.getMonth() + 1)}-${pad(past.getDate())}T${pad(past.getHours())}:${pad(past.getMinutes())}`;
    await card.getByText('Move due time', { exact: true }).first().click();
    await card.getByLabel('New due time').fill(local);
    await card.getByLabel('Reason for moving it').fill('The client asked us to hold the job.');
    await card.getByRole('button', { name: 'Move due time' }).click();
    await staff.getByText('Due time moved; the client and the editor are told.').waitFor();
    const moved = staff.locator(`li[aria-labelledby="edit-${jobId}"]`);
    await expect.poll(() => moved.innerText(), { timeout: 15_000 }).toMatch(/Overdue[\s\S]*overdue by [23] h/);
    // Flagged in words, not by colour alone.
    expect(await moved.locator('strong', { hasText: /^\W*Overdue$/ }).count()).toBe(1);
    await moved.screenshot({ path: path.join(screenshots, 'edit-job-overdue.png') });
    // The page and this job's card; the other jobs' cards are the same component, and axe over the
    // hundred the suite has made by now took 40 s.
    expect(await axeViolations(staff, { exclude: `li.staff-job:not([aria-labelledby="edit-${jobId}"])` })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
