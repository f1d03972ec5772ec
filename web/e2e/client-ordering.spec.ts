/**
 * Issue 4 in headless Chromium against the local stack: a signed-out visitor of a quote is sent to
 * sign in, is told why, signs up in place, reads the code from the local mailbox, verifies and is
 * signed in and back on the quote (#40); builds it in EUR with two uploaded photos, creates the job, chooses a payment method,
 * and finds the job under Ongoing on 'Your Jobs' with the total the server computed.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { formatCents } from '@studio/shared/money';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { readMailbox } from '../../scripts/local/mailbox.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { jobOf, saveBankDetails } from './job-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one saves the studio's bank details.
test.describe.configure({ lock: sharedStateLock });

let service: Service;
let subService: SubService;
let eurCents: number;

/** A valid 1x1 PNG of one colour: the server checks the stored bytes, not the file name. */
function pixelPng(red: number, green: number, blue: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const pixels = deflateSync(Buffer.from([0, red, green, blue])); // filter byte + one RGB pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.use({ reducedMotion: 'reduce' });

test.beforeAll(async () => {
  const response = await fetch(`${provided('gatewayUrl')}/api/services`);
  const { services } = listServicesResponseSchema.parse(await response.json());
  // The first service with a subservice priced in EUR.
  for (const candidate of services) {
    const priced = candidate.subServices.find((s) => s.prices.some((p) => p.currency === 'EUR'));
    if (priced) {
      service = candidate;
      subService = priced;
      break;
    }
  }
  if (!subService) throw new Error('the seed has no subservice priced in EUR');
  eurCents = subService.prices.find((p) => p.currency === 'EUR')!.cents;
  // The journey pays by transfer, which is offered once the studio has entered its bank details.
  await saveBankDetails('Retouch Studio Ltd\nIBAN GB29 NWBK 6016 1331 9268 19');
});

/** The newest code e-mailed to `email` since `after`, once it has arrived. */
async function codeFor(email: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        // A message being written can be caught half-way (not yet valid JSON): read again shortly.
        const messages = await readMailbox(provided('mailboxDir')).catch(() => []);
        code = messages.find((m) => m.to.toLowerCase() === email && m.code && Date.parse(m.sentAt) >= after)?.code;
        return code;
      },
      { message: `a code e-mailed to ${email}` },
    )
    .toBeTruthy();
  return code!;
}

/** Axe's findings on the page as it is now, plus whether it fits a 375 px phone (then restored). */
async function auditPage(page: Page): Promise<string[]> {
  const problems = await axeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${page.url()} overflows a 375 px screen by ${overflow}px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

test.describe('client ordering', () => {
  test('signs up from the quote, verifies and is signed in, orders in EUR with two uploads, pays, and sees the job', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'Retouch-2026';
    const quotePath = `/service-quote/${service.id}`;

    // Signed out: the quote sends the visitor to sign in, remembering where to come back to.
    await page.goto(quotePath);
    await expect(page).toHaveURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe(quotePath);

    // It says why it asks (#40), and offers the sign-up form in place.
    await expect(page.getByText(/A quote is priced for you and kept as your order/)).toBeVisible();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.getByLabel('Username').fill('E2E Client');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend code \(\d+s\)/ })).toBeDisabled();

    await page.getByLabel('Verification code').fill(await codeFor(email, sentAfter));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Verified: signed in at once and back on the quote, with no second log-in (#40).
    await expect(page).toHaveURL((url) => url.pathname === quotePath);
    // The navbar shows the real initials of the new account.
    await expect(page.getByRole('img', { name: /Signed in as/ })).toHaveText('EC');

    // The quote, in EUR, 2 photos uploaded here.
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByLabel('Number of photos').fill('2');
    await page.getByRole('radio', { name: 'Upload my photos here' }).check();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: pixelPng(255, 0, 0) },
      { name: 'blue.png', mimeType: 'image/png', buffer: pixelPng(0, 0, 255) },
    ]);
    await expect(page.getByText('2 of 2 uploaded')).toBeVisible({ timeout: 30_000 });
    const expectedTotal = formatCents(eurCents * 2, 'EUR');
    await expect(page.locator('output[name="total"]')).toHaveText(expectedTotal);

    const audit = await auditPage(page);
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    await expect(page.getByText('Your job has been created.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: `Your order: ${service.name}` })).toBeVisible();

    // The server's own record of the job.
    const job = await jobOf(page, jobId);
    expect(job).toMatchObject({
      currency: 'EUR',
      linkType: 'generate',
      numberOfPhotos: 2,
      totalCents: eurCents * 2,
      totalPrice: (eurCents * 2) / 100,
      selectedSubServices: [subService.id],
      status: 'PENDING',
      payment: null,
    });
    expect(job.uploadId).not.toBeNull();

    // Payment: method, currency, terms; a transfer is recorded as PENDING with the bank details
    // shown (paying by card, through the Stripe emulator, is web/e2e/payments.test.ts).
    await page.getByLabel('Payment method', { exact: true }).selectOption('Internet Banking');
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Confirm payment method' }).click();
    await expect(page.getByText(/is recorded: pay by transfer/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
    audit.push(...(await auditPage(page)));

    // 'Your Jobs': the job is ongoing, with its total and its pending payment; Pay Now leads back
    // to the bank details until the studio marks it paid.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    const ongoing = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Ongoing' }) });
    const card = ongoing.getByRole('article', { name: service.name });
    await expect(card).toBeVisible();
    await expect(card.getByText(expectedTotal)).toHaveCount(1);
    await expect(card.getByText('Payment pending')).toHaveCount(1);
    await expect(card.getByRole('link', { name: /Pay Now/ })).toHaveCount(1);
    audit.push(...(await auditPage(page)));
    expect(audit).toEqual([]);
    expect(errors).toEqual([]);
  });

  test(
    'on a phone, "Get a Quote" signed out explains, signs up in place and lands signed in on the quote; the new dashboard says what to do',
    { tag: '@phone' },
    async ({ page }) => {
      const email = `e2e-phone-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const quotePath = `/service-quote/${service.id}`;
      await page.goto(quotePath);
      await expect(page).toHaveURL((url) => url.pathname === '/signin');
      const why = page.getByText(/A quote is priced for you and kept as your order/);
      await expect(why).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create an account' }).click();
      await expect(why).toBeVisible();
      await page.getByLabel('Username').fill('Phone Client');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Retouch-2026');
      const sentAfter = Date.now() - 1000;
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByLabel('Verification code').fill(await codeFor(email, sentAfter));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL((url) => url.pathname === quotePath);
      await expect(page.getByRole('button', { name: 'Create Job' })).toBeVisible();

      await page.goto('/dashboard');
      const empty = page.getByRole('region', { name: 'No jobs yet: start your first order' });
      await expect(empty).toBeVisible();
      await expect(empty.getByRole('link', { name: 'Choose a service' })).toHaveAttribute('href', '/services');
      await expect(page.getByRole('link', { name: 'New order' })).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'New order' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/services');
    },
  );

  test('lets an unverified account enter its code at sign-in, and resets a forgotten password by e-mail code', async ({
    page,
  }) => {
    const gateway = provided('gatewayUrl');
    const email = `e2e-reset-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const sentAfter = Date.now() - 1000;
    const signUp = await fetch(`${gateway}/api/users/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'Reset Tester', email, password: 'First-Pass1' }),
    });
    expect(signUp.status).toBe(201);
    const signUpCode = await codeFor(email, sentAfter);

    // Not verified yet: the sign-in offers the code step and then signs in.
    await page.goto('/login?next=/dashboard');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Enter the verification code' }).click();
    await page.getByLabel('Verification code').fill(signUpCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Jobs' })).toBeVisible();
    // No job yet: one empty state that says what to do, and the way to a first order (#40).
    await expect(page.getByRole('heading', { level: 2, name: 'No jobs yet: start your first order' })).toBeVisible();
    await expect(page.getByText('No jobs for this user')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/services');

    // Log out (after confirming), then forget the password.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    // The click ends the session itself (not the render of the next page), then goes home.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    const resetAfter = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByLabel('Reset code').fill(await codeFor(email, resetAfter));
    await page.getByLabel('New password', { exact: true }).fill('Second-Pass2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // Signed in with the new password, and sent home.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('img', { name: /Signed in as/ })).toHaveText('RT');

    // The old password no longer works.
    const old = await fetch(`${gateway}/api/users/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'First-Pass1' }),
    });
    expect(old.status).toBe(401);
  });
});
