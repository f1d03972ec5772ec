/**
 * E-mail notification settings (issue 18) in headless Chromium: a client turns an e-mail off on
 * the dashboard and finds it off after a reload; staff have their own page, where managers also
 * see the e-mails that could not be delivered and editors do not.
 */
import type { Page } from '@playwright/test';
import { signInResponseSchema } from '@studio/shared/auth';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { holdRequests } from '../../scripts/test-setup/browser.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { useStaffSessionOf } from './staff-support.ts';

/** A new confirmed client account, signed in through the API, its session stored in the page. */
async function signedInClient(page: Page): Promise<void> {
  const { email, password } = await freshClient();
  const response = await fetch(`${provided('gatewayUrl')}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const { token, user } = signInResponseSchema.parse(await response.json());
  await page.goto('/login');
  await page.evaluate(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
    },
    { token, user: JSON.stringify(user) },
  );
}

test.describe('e-mail settings', () => {
  test.use({ reducedMotion: 'reduce' });

  test('lets a client turn off an optional e-mail on the dashboard, and keeps it off', async ({ page }) => {
    await signedInClient(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'E-mail notifications' })).toBeVisible();
    const ready = page.getByRole('checkbox', { name: 'Your photos are ready' });
    await expect(ready).toBeChecked();
    // Essential e-mails are listed, not offered as switches.
    await expect(page.getByRole('checkbox', { name: 'Your job was received' })).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: 'Your job was received' })).toBeVisible();

    await ready.uncheck();
    await page.getByRole('button', { name: 'Save e-mail settings' }).click();
    await expect(page.getByText('Your e-mail settings are saved.')).toBeVisible();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Your photos are ready' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'A revision is ready' })).toBeChecked();
  });

  test('keeps its place while the switches load: the sessions button below does not move', async ({ page }) => {
    await signedInClient(page);
    const release = await holdRequests(page, '**/api/notification-preferences');
    await page.goto('/dashboard');
    // The client's rows, from the catalogue, wait disabled for the client's own settings.
    const ready = page.getByRole('checkbox', { name: 'Your photos are ready' });
    await expect(ready).toBeDisabled();
    await expect(page.getByText('Loading your e-mail settings...')).toBeVisible();
    await expect(page.getByRole('region', { name: 'No jobs yet: start your first order' })).toBeVisible();
    const signOut = page.getByRole('button', { name: 'Sign out everywhere' });
    const place = async () => {
      const box = (await signOut.boundingBox())!;
      return Math.round(box.y + (await page.evaluate(() => window.scrollY)));
    };
    const loading = await place();
    release();
    await expect(ready).toBeEnabled();
    await expect(ready).toBeChecked();
    await expect(page.getByText('Loading your e-mail settings...')).toHaveCount(0);
    expect(await place()).toBe(loading);
  });

  test('shows a manager their own switches and the e-mails not delivered', async ({ page }) => {
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/manager');
    await page.getByRole('link', { name: /E-mail Notifications/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/email-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail notifications' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'A new job came in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Not delivered' })).toBeVisible();
    // Either the table of undelivered e-mails or the sentence saying there are none.
    await expect(
      page.getByRole('table', { name: 'E-mails not delivered' }).or(page.getByText('Every e-mail was delivered.')),
    ).toBeVisible();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });

  test('shows an editor on a phone only their own switches', { tag: '@phone' }, async ({ page }) => {
    await useStaffSessionOf(page, 'EDITOR');
    await page.goto('/email-settings');
    await expect(page.getByRole('checkbox', { name: 'A job was assigned to you' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Not delivered' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'A new job came in' })).toHaveCount(0);
  });
});
