/**
 * Issue 17 (turnaround and volume pricing, due times) in headless Chromium against the local
 * stack: a client orders Express for 150 photos and sees the tier's discount, the surcharge and
 * the total update live, priced by the same module as the server, which stores that breakdown; a
 * MANAGER marks the job paid, sees it on /manager and /edit-job with its time left, moves its due
 * time into the past with a reason and sees it flagged overdue in words. Screenshots of the quote
 * page (desktop and a 375 px phone) are written under test-results/ to look at.
 */
import { priceJob, priceLine } from '@studio/shared/job-pricing';
import { formatCents } from '@studio/shared/money';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { jobOf, markPaidAsManager, signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

let service: Service;

const newClient = () => freshClient({ name: 'Rush Client' });

test.beforeAll(async () => {
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  service = services.find((s) => s.turnarounds.some((t) => t.id === 'express') && s.volumeTiers.length > 0)!;
  if (!service) throw new Error('the seed has no service with an Express turnaround and volume tiers');
});

test.describe('turnaround and volume pricing', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a client orders Express for 150 photos and sees the discount, the surcharge and the total; staff see the time left', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(180_000);
    const client = await newClient();
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
    await expect(group.getByRole('radio', { name: /Standard/ })).toBeChecked();
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
    const output = (name: string) => page.locator(`output[name="${name}"]`);
    await expect(output('total')).toHaveText(formatCents(expected.totalCents, 'USD'));
    await expect(output('subtotal')).toHaveText(formatCents(expected.subtotalCents, 'USD'));
    await expect(output('discount')).toHaveText(`-${formatCents(expected.discountCents, 'USD')}`);
    await expect(output('surcharge')).toHaveText(`+${formatCents(expected.rushSurchargeCents, 'USD')}`);
    await expect(page.getByText('Volume discount (10 % from 100 photos)')).toBeVisible();
    await expect(page.getByText('Express turnaround (+50 %)')).toBeVisible();
    await expect(page.getByText('Order 1,000 photos or more for 20 % off.')).toBeVisible();

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('quote-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('quote-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
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
    await staff.goto('/manager');
    const onBoard = staff.locator(`li[aria-labelledby="due-${jobId}"]`);
    await expect(onBoard).toContainText(/due in 2[34] h/);

    // /edit-job: the same, then the due time moved three hours into the past, with a reason.
    await staff.goto('/edit-job');
    const card = staff.locator(`li[aria-labelledby="edit-${jobId}"]`);
    await expect(card).toContainText(/due in 2[34] h/);
    const past = new Date(Date.now() - 3 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${past.getFullYear()}-${pad(past.getMonth() + 1)}-${pad(past.getDate())}T${pad(past.getHours())}:${pad(past.getMinutes())}`;
    await card.getByText('Move due time', { exact: true }).first().click();
    await card.getByLabel('New due time').fill(local);
    await card.getByLabel('Reason for moving it').fill('The client asked us to hold the job.');
    await card.getByRole('button', { name: 'Move due time' }).click();
    await expect(staff.getByText('Due time moved; the client and the editor are told.')).toBeVisible();
    const moved = staff.locator(`li[aria-labelledby="edit-${jobId}"]`);
    await expect(moved).toContainText(/Overdue[\s\S]*overdue by [23] h/);
    // Flagged in words, not by colour alone.
    await expect(moved.locator('strong', { hasText: /^\W*Overdue$/ })).toHaveCount(1);
    await moved.screenshot({ path: testInfo.outputPath('edit-job-overdue.png') });
    // The page and this job's card; the other jobs' cards are the same component, and axe over the
    // hundred the suite has made by now took 40 s.
    expect(await axeViolations(staff, { exclude: `li.staff-job:not([aria-labelledby="edit-${jobId}"])` })).toEqual([]);
    expect(errors).toEqual([]);
  });
});
