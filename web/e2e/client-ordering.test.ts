/**
 * Issue 4 in headless Chromium against the local stack: a signed-out visitor of a quote is sent to
 * sign in, signs up instead, reads the code from the local mailbox, verifies, signs in and lands back
 * on the quote; builds it in EUR with two uploaded photos, creates the job, chooses a payment method,
 * and finds the job under Ongoing on 'Your Jobs' with the total the server computed.
 */
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatCents } from '@studio/shared/money';
import { listServicesResponseSchema, type Service, type SubService } from '@studio/shared/service';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { readMailbox } from '../../scripts/local/mailbox.ts';
import '../../scripts/test-setup/provided-context.ts';
import { axeViolations } from './axe.ts';
import { jobOf } from './job-support.ts';

let browser: Browser;
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

beforeAll(async () => {
  browser = await launchChromium();
  const response = await fetch(`${inject('gatewayUrl')}/api/services`);
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
});

afterAll(async () => {
  await browser?.close();
});

/** The newest code e-mailed to `email`, waiting for it to arrive. */
async function codeFor(email: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    // A message being written can be caught half-way (not yet valid JSON): read again shortly.
    const messages = await readMailbox(inject('mailboxDir')).catch(() => []);
    const message = messages.find((m) => m.to.toLowerCase() === email && m.code && Date.parse(m.sentAt) >= after);
    if (message?.code) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code e-mailed to ${email}`);
}

/** Axe's findings on the page as it is now, plus whether it fits a 375 px phone (then restored). */
async function auditPage(page: Page): Promise<string[]> {
  const problems = await axeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${page.url()} overflows a 375 px screen by ${overflow}px`);
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

describe('client ordering', () => {
  it('signs up, verifies, signs in, orders in EUR with two uploads, pays, and sees the job', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const site = inject('siteUrl');
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'Retouch-2026';
    const quotePath = `/service-quote/${service.id}`;

    // Signed out: the quote sends the visitor to sign in, remembering where to come back to.
    await page.goto(site + quotePath);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe(quotePath);

    // No account yet: sign up from the sign-in page (the way back is carried along).
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await page.getByLabel('Username').fill('E2E Client');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByLabel('Verification code').waitFor();
    expect(await page.getByRole('button', { name: /Resend code \(\d+s\)/ }).isDisabled()).toBe(true);

    await page.getByLabel('Verification code').fill(await codeFor(email, sentAfter));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your e-mail address is confirmed. Log in to continue.').waitFor();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === quotePath);
    // The navbar shows the real initials of the new account.
    expect(await page.getByRole('img', { name: /Signed in as/ }).innerText()).toBe('EC');

    // The quote, in EUR, 2 photos uploaded here.
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByRole('checkbox', { name: new RegExp(subService.name) }).check();
    await page.getByLabel('Number of photos').fill('2');
    await page.getByRole('radio', { name: 'Upload my photos here' }).check();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: pixelPng(255, 0, 0) },
      { name: 'blue.png', mimeType: 'image/png', buffer: pixelPng(0, 0, 255) },
    ]);
    await page.getByText('2 of 2 uploaded').waitFor({ timeout: 20_000 });
    const expectedTotal = formatCents(eurCents * 2, 'EUR');
    expect(await page.locator('output[name="total"]').innerText()).toBe(expectedTotal);

    const audit = await auditPage(page);
    await page.getByRole('button', { name: 'Create Job' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment/'));
    const jobId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByText('Your job has been created.').first().waitFor();
    await page.getByRole('heading', { name: `Your order: ${service.name}` }).waitFor();

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
    await page.getByText(/is recorded: pay by transfer/).waitFor();
    await page.getByRole('heading', { name: 'Pay by bank transfer' }).waitFor();
    audit.push(...(await auditPage(page)));

    // 'Your Jobs': the job is ongoing, with its total and its pending payment; Pay Now leads back
    // to the bank details until the studio marks it paid.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const ongoing = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Ongoing' }) });
    const card = ongoing.getByRole('article', { name: service.name });
    await card.waitFor();
    expect(await card.getByText(expectedTotal).count()).toBe(1);
    expect(await card.getByText('Payment pending').count()).toBe(1);
    expect(await card.getByRole('link', { name: /Pay Now/ }).count()).toBe(1);
    audit.push(...(await auditPage(page)));
    expect(audit).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('lets an unverified account enter its code at sign-in, and resets a forgotten password by e-mail code', async () => {
    const gateway = inject('gatewayUrl');
    const email = `e2e-reset-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const sentAfter = Date.now() - 1000;
    const signUp = await fetch(`${gateway}/api/users/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'Reset Tester', email, password: 'First-Pass1' }),
    });
    expect(signUp.status).toBe(201);
    const signUpCode = await codeFor(email, sentAfter);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const site = inject('siteUrl');

    // Not verified yet: the sign-in offers the code step and then signs in.
    await page.goto(`${site}/login?next=/dashboard`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Enter the verification code' }).click();
    await page.getByLabel('Verification code').fill(signUpCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Your Jobs' }).waitFor();
    await expect.poll(() => page.getByText('No jobs for this user').count(), { timeout: 10_000 }).toBe(3);

    // Log out (after confirming), then forget the password.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    // The click ends the session itself (not the render of the next page), then goes home.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();

    await page.goto(`${site}/login`);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    const resetAfter = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByLabel('Reset code').fill(await codeFor(email, resetAfter));
    await page.getByLabel('New password', { exact: true }).fill('Second-Pass2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // Signed in with the new password, and sent home.
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('img', { name: /Signed in as/ }).innerText()).toBe('RT');

    // The old password no longer works.
    const old = await fetch(`${gateway}/api/users/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'First-Pass1' }),
    });
    expect(old.status).toBe(401);
    await context.close();
  });
});
