/**
 * E-mail notification settings (issue 18) in headless Chromium: a client turns an e-mail off on
 * the dashboard and finds it off after a reload; staff have their own page, where managers also
 * see the e-mails that could not be delivered and editors do not.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInResponseSchema } from '@studio/shared/auth';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
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

/** A new confirmed client account, signed in through the API, its session stored in the page. */
async function signedInClient(page: Page): Promise<void> {
  const { email, password } = await freshClient();
  const response = await fetch(`${inject('gatewayUrl')}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const { token, user } = signInResponseSchema.parse(await response.json());
  await page.goto(`${inject('siteUrl')}/login`);
  await page.evaluate(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
    },
    { token, user: JSON.stringify(user) },
  );
}

describe('e-mail settings', () => {
  it('lets a client turn off an optional e-mail on the dashboard, and keeps it off', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signedInClient(page);
    await page.goto(`${inject('siteUrl')}/dashboard`);
    await page.getByRole('heading', { level: 2, name: 'E-mail notifications' }).waitFor();
    const ready = page.getByRole('checkbox', { name: 'Your photos are ready' });
    await ready.waitFor();
    expect(await ready.isChecked()).toBe(true);
    // Essential e-mails are listed, not offered as switches.
    expect(await page.getByRole('checkbox', { name: 'Your job was received' }).count()).toBe(0);
    await page.getByRole('listitem').filter({ hasText: 'Your job was received' }).waitFor();

    await ready.uncheck();
    await page.getByRole('button', { name: 'Save e-mail settings' }).click();
    await page.getByText('Your e-mail settings are saved.').waitFor();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);

    await page.reload();
    const after = page.getByRole('checkbox', { name: 'Your photos are ready' });
    await after.waitFor();
    expect(await after.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'A revision is ready' }).isChecked()).toBe(true);
    await context.close();
  });

  it('shows a manager their own switches and the e-mails not delivered; an editor only their own', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto(`${inject('siteUrl')}/manager`);
    await page.getByRole('link', { name: /E-mail Notifications/ }).click();
    await page.waitForURL((url) => url.pathname === '/email-settings');
    await page.getByRole('heading', { level: 1, name: 'E-mail notifications' }).waitFor();
    await page.getByRole('checkbox', { name: 'A new job came in' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Not delivered' }).waitFor();
    // Either the table of undelivered e-mails or the sentence saying there are none.
    await page
      .getByRole('table', { name: 'E-mails not delivered' })
      .or(page.getByText('Every e-mail was delivered.'))
      .waitFor();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
    await context.close();

    const editorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const editorPage = await editorContext.newPage();
    await useStaffSessionOf(editorPage, 'EDITOR');
    await editorPage.goto(`${inject('siteUrl')}/email-settings`);
    await editorPage.getByRole('checkbox', { name: 'A job was assigned to you' }).waitFor();
    expect(await editorPage.getByRole('heading', { name: 'Not delivered' }).count()).toBe(0);
    expect(await editorPage.getByRole('checkbox', { name: 'A new job came in' }).count()).toBe(0);
    await editorContext.close();
  });
});
