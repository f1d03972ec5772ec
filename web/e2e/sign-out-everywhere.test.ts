/**
 * "Sign out everywhere" (#32) in headless Chromium: a client signed in on two devices ends every
 * session from the dashboard of one; that page opens the sign-in page and says so, and the other
 * device's session is refused by the API at its next request (docs/access.md, "Revocation").
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { signInOnPage } from './job-support.ts';
import '../../scripts/test-setup/provided-context.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('sign out everywhere', () => {
  it('a client ends the sessions of every device from the dashboard', async () => {
    const client = await freshClient();
    // The other device: a session signed in before, through the API.
    const other = await fetch(`${inject('gatewayUrl')}/api/jobs/client/${client.userId}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(other.status).toBe(200);

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signInOnPage(page, client);
    await page.getByRole('heading', { level: 2, name: 'Your sessions' }).waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('You are signed out on every device. Sign in again to go on.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    const after = await fetch(`${inject('gatewayUrl')}/api/jobs/client/${client.userId}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(after.status).toBe(401);
    // A new sign-in works at once.
    await signInOnPage(page, client);
  });
});
