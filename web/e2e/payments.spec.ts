/**
 * Issue 16 in headless Chromium against the local stack and its Stripe emulator: a client orders
 * in EUR, pays by card on the (emulated) Stripe Checkout page, comes back to the site, sees the job
 * Paid and downloads a receipt whose text names the job and the EUR total; a second job paid by
 * bank transfer shows the studio's bank details and reference, a MANAGER marks it paid in the
 * console, and the client sees it Paid.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { formatCents } from '@studio/shared/money';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { pdfText } from '../../scripts/test-setup/pdf-text.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { downloaded, jobOf, markPaidAsManager, orderJob, saveBankDetails, signInOnPage } from './job-support.ts';
import { staffApiSession, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one replaces the studio's settings.
test.describe.configure({ lock: sharedStateLock });

const bankDetails = 'Retouch Studio Ltd\nIBAN GB29 NWBK 6016 1331 9268 19\nBIC NWBKGB2L';

let service: Service;
let subService: SubService;

test.beforeAll(async () => {
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  for (const candidate of services) {
    const priced = candidate.subServices.find((s) => s.prices.some((p) => p.currency === 'EUR'));
    if (priced) {
      service = candidate;
      subService = priced;
      break;
    }
  }
  if (!subService) throw new Error('the seed has no subservice priced in EUR');
  // The studio's details, as a SUPER_ADMIN saves them on /settings.
  const { token } = await staffApiSession('SUPER_ADMIN');
  const saved = await fetch(`${provided('gatewayUrl')}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      legalName: 'Retouch Studio Ltd',
      address: '12 Harbour Street\nBristol BS1 4RN',
      taxId: 'GB123456789',
      bankDetails,
      vatRatePercent: 20,
      releaseFilesBeforePayment: false,
      // Issue 17's settings, at their defaults.
      freeRevisionRounds: 2,
      autoApprovalDays: 7,
    }),
  });
  expect(saved.status).toBe(200);
});

test.describe('payments in the browser', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a client orders in EUR, pays on the checkout page, comes back to Paid and downloads the receipt', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const client = await freshClient({ name: 'Card Payer' });
    const quotePath = `/service-quote/${service.id}`;
    await signInOnPage(page, client, quotePath);

    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByLabel('Number of photos').fill('3');
    await page.getByLabel('Cloud storage link').fill('https://www.dropbox.com/sh/e2e/card-photos');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    const job = await jobOf(page, jobId);
    const total = formatCents(job.totalCents, 'EUR');
    expect(job.currency).toBe('EUR');

    await page.getByLabel('Payment method', { exact: true }).selectOption('Credit/Debit Card');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Confirm payment method' }).click();

    // Stripe's page (the emulator's): the total in EUR, and the two buttons.
    await expect(page).toHaveURL((url) => url.href.startsWith(`${provided('stripeEmulatorUrl')}/checkout/`));
    await expect(page.locator('body')).toContainText(total);
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the site: the job is Paid, and its receipt is there.
    await expect(page).toHaveURL(
      (url) => url.pathname === `/payment/${jobId}` && url.searchParams.get('checkout') === 'success',
    );
    await expect(page.getByText('Paid. Thank you! Your receipt is ready.')).toBeVisible();
    await expect(page.getByRole('region', { name: /Your order/ }).locator('.job-facts')).toContainText('Paid');
    // The page leads with what was paid and the receipt, not with the order form (#40).
    await expect(page.getByRole('heading', { name: `Paid ${total} for ${job.jobNumber}` })).toBeInViewport();
    await expect(page.getByRole('button', { name: /Download receipt/ })).toBeInViewport();
    await expect(trialOffer(page)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    const receipt = await downloaded(page, page.getByRole('button', { name: /Download receipt/ }));
    expect(receipt.name).toBe(`receipt-${job.invoiceNumber}.pdf`);
    const text = await pdfText(receipt.bytes);
    expect(text).toContain('RECEIPT');
    expect(text).toContain(job.invoiceNumber!);
    // The receipt names the job by its number (#15), as the client's dashboard does.
    expect(text).toContain(`Job number ${job.jobNumber}`);
    expect(text).toContain(`Total (EUR) ${total}`);
    expect(text).toContain(client.email);

    // 'Your Jobs' says Paid too, with no Pay Now.
    await page.goto('/dashboard');
    const card = page
      .getByRole('article', { name: service.name })
      .filter({ has: page.getByRole('button', { name: `Download receipt ${job.invoiceNumber}` }) });
    await expect(card.getByText('Paid', { exact: true })).toHaveCount(1);
    await expect(card.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a job paid by bank transfer is marked paid by a MANAGER, and the client sees it', async ({ page, browser }) => {
    const client = await freshClient({ name: 'Transfer Payer' });
    const instructions = `Transfer e2e ${randomBytes(4).toString('hex')}`;
    await signInOnPage(page, client, quotePathFor(service));
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByLabel('Number of photos').fill('5');
    await page.getByLabel('Cloud storage link').fill('https://www.dropbox.com/sh/e2e/transfer-photos');
    await page.getByLabel(/Instructions/).fill(instructions);
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    const job = await jobOf(page, jobId);

    await page.getByLabel('Payment method', { exact: true }).selectOption('Internet Banking');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Confirm payment method' }).click();
    const transfer = page.getByRole('region', { name: 'Pay by bank transfer' });
    await expect(transfer.locator('.bank-transfer__reference')).toHaveText(job.jobNumber!);
    await expect(transfer).toContainText(formatCents(job.totalCents, 'EUR'));
    await expect(transfer).toContainText('IBAN GB29 NWBK 6016 1331 9268 19');

    // The MANAGER finds it among the unpaid jobs and records the transfer.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await useStaffSessionOf(manager, 'MANAGER');
    await manager.goto('/edit-job');
    await manager.getByRole('checkbox', { name: 'Unpaid only' }).check();
    const card = manager.locator('li', { hasText: instructions });
    await expect(card).toContainText(job.invoiceNumber!);
    await expect(card).toContainText('Payment pending · Internet Banking');
    await card.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = manager.getByRole('dialog', { name: /Mark paid/ });
    await dialog.getByLabel(/Reference of the transfer/).fill(`BANK-${job.jobNumber}`);
    await expect(dialog.getByLabel(/Amount received/)).toHaveValue((job.totalCents / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(manager.getByText('Payment recorded: the job is paid.')).toBeVisible();
    // Paid: it leaves the unpaid list.
    await expect(manager.locator('li', { hasText: instructions })).toHaveCount(0);
    await managerContext.close();

    // The client sees it Paid on 'Your Jobs' and on the payment page.
    await page.goto('/dashboard');
    const jobCard = page.getByRole('article', { name: service.name }).filter({
      has: page.getByRole('button', { name: `Download receipt ${job.invoiceNumber}` }),
    });
    await expect(jobCard.getByText('Paid', { exact: true })).toHaveCount(1);
    await page.goto(`/payment/${jobId}`);
    await expect(page.getByText('Paid. Thank you! Your receipt is ready.')).toBeVisible();
  });
});

test.describe('without bank details', () => {
  test('a client is offered card and wallets only, and told why; transfers return once details are saved', async ({
    page,
  }) => {
    const before = await saveBankDetails('');
    try {
      const client = await freshClient({ name: 'No Transfer' });
      const job = await orderJob(client.token, { instructions: 'No bank details yet', currency: 'EUR' });
      await signInOnPage(page, client, `/payment/${job.id}`);
      const method = page.getByLabel('Payment method', { exact: true });
      await expect(method).toHaveAccessibleDescription(/Bank transfer is not offered yet/);
      await expect(method.locator('option')).toHaveText([
        'Select a payment method',
        'Credit/Debit Card',
        'GooglePay',
        'PayPal',
      ]);
      await expect(page.getByText('has not entered its bank details', { exact: false })).toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);

      await saveBankDetails(bankDetails);
      await page.reload();
      await expect(method.locator('option', { hasText: 'Internet Banking' })).toHaveCount(1);
      await expect(page.getByText('Bank transfer is not offered yet', { exact: false })).toHaveCount(0);
    } finally {
      await saveBankDetails(before);
    }
  });
});

test.describe('the payment page of a paid job', { tag: '@both-sizes' }, () => {
  test('leads with what was paid and the receipt on the first screen, and offers no free trial', async ({ page }) => {
    const client = await freshClient({ name: 'Receipt Reader' });
    const job = await orderJob(client.token, { instructions: 'Receipt first', currency: 'EUR', numberOfPhotos: 2 });
    await signInOnPage(page, client, `/payment/${job.id}`);
    // Unpaid, the page offers the form and the free trial.
    await expect(page.getByRole('button', { name: 'Confirm payment method' })).toBeVisible();
    await expect(trialOffer(page)).toBeVisible();

    await markPaidAsManager(job.id);
    await page.reload();
    const receipt = page.getByRole('region', { name: /^Paid / });
    await expect(receipt.getByRole('heading')).toHaveText(
      `Paid ${formatCents(job.totalCents, 'EUR')} for ${job.jobNumber}`,
    );
    await expect(receipt.getByRole('status')).toHaveText('Paid. Thank you! Your receipt is ready.');
    await expect(receipt).toContainText('Internet Banking');
    const download = page.getByRole('button', { name: `Download receipt ${job.invoiceNumber}` });
    await expect(download).toBeInViewport();
    // The receipt comes before the order's details, and the page offers nothing more to pay.
    const [receiptBox, orderBox] = await Promise.all([
      receipt.boundingBox(),
      page.getByRole('region', { name: /Your order/ }).boundingBox(),
    ]);
    expect(receiptBox!.y).toBeLessThan(orderBox!.y);
    await expect(trialOffer(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Confirm payment method' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** The payment page's own free-trial offer (the site header has a link of its own). */
function trialOffer(page: Page): Locator {
  return page.getByRole('main').getByRole('link', { name: 'Start free trial', exact: true });
}

function quotePathFor(target: Service): string {
  return `/service-quote/${target.id}`;
}
