/**
 * Two-step sign-in in the staff console (#19), in headless Chromium against the local stack: an
 * invited MANAGER's first sign-in at /admin-login chooses a new password, is shown the key to add
 * to an authenticator app (as a QR code and as text), and signs in with the code an authenticator
 * computes from that key (scripts/local/totp.ts, RFC 6238). The next sign-in asks for the code.
 */
import { randomBytes } from 'node:crypto';
import { readMailbox } from '../../scripts/local/mailbox.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { nextCode, staffApiSession } from './staff-support.ts';

async function invitedManager(): Promise<{ email: string; temporary: string }> {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const email = `manager-${randomBytes(5).toString('hex')}@example.test`;
  const invited = await fetch(`${provided('gatewayUrl')}/api/admin/invite`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ email, username: 'Mona Manager', role: 'MANAGER' }),
  });
  expect(invited.status, await invited.clone().text()).toBe(201);
  // A loaded CI runner was seen to take longer than 5 s to deliver it.
  let temporary: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await readMailbox(provided('mailboxDir')).catch(() => [])).find((m) => m.to === email && m.code);
        return (temporary = mail?.code);
      },
      { message: `the invitation mailed to ${email}`, timeout: 60_000 },
    )
    .toBeTruthy();
  return { email, temporary: temporary! };
}

test.describe('two-step sign-in at /admin-login', () => {
  test(
    'a new MANAGER on a phone sets a password, adds the key to an authenticator app and signs in with its code',
    {
      tag: '@phone',
    },
    async ({ page }) => {
      const { email, temporary } = await invitedManager();
      const password = `Mfa-${randomBytes(6).toString('hex')}-A1`;
      await page.goto('/admin-login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(temporary);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('New password').fill(password);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();

      // The key, as a QR code and as text.
      await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      const key = (await page.getByTestId('authenticator-key').innerText()).replace(/\s/g, '');
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      await expect(page.getByRole('link', { name: /authenticator app on this device/ })).toHaveAttribute(
        'href',
        new RegExp(`^otpauth://totp/.*secret=${key}`),
      );
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('Authenticator code').fill(await nextCode(key));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/manager');

      // Signed out, the next sign-in asks for the code (a new one: each is good once), with the
      // password chosen above.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/admin-login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Authenticator code').fill(await nextCode(key));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/manager');
    },
  );
});
