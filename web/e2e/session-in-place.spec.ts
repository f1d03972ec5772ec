/**
 * A staff session that ends on an open page (#40, item 13) at both sizes: a SUPER_ADMIN types into
 * /settings, the session ends (the API refuses the token: here the stored token is spoiled, as an
 * expired or revoked one is refused), and Save meets a dialog that signs in again in place. What
 * was typed is still there afterwards, and the second press of Save saves it. The settings are put
 * back as they were.
 */
import { randomBytes } from 'node:crypto';
import { studioSettingsResponseSchema, type StudioSettingsFields } from '@studio/shared/studio-settings';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { callApi } from './job-support.ts';
import { enterAuthenticatorCode, staffAccount, staffApiSession, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one changes the studio's address.
test.describe.configure({ lock: sharedStateLock });

let saved: StudioSettingsFields;

async function readSettings(): Promise<StudioSettingsFields> {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(
    (await callApi('/api/settings', { token })).json,
  ).settings;
  return fields;
}

test.beforeAll(async () => {
  saved = await readSettings();
});

test.afterAll(async () => {
  if (!saved) return;
  const { token } = await staffApiSession('SUPER_ADMIN');
  const answer = await callApi('/api/settings', { method: 'PUT', token, body: JSON.stringify(saved) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
});

test.describe('a staff session that ends on an open page', { tag: '@both-sizes' }, () => {
  test('asks to sign in again in place and keeps what was typed', async ({ page }, testInfo) => {
    const address = `12 Harbour Street\nBristol ${randomBytes(3).toString('hex')}`;
    await useStaffSessionOf(page, 'SUPER_ADMIN');
    await page.goto('/settings');
    const field = page.getByLabel('Address');
    await field.fill(address);

    // The API no longer takes the page's token.
    await page.evaluate(() => window.localStorage.setItem('staffToken', 'ended-session-token'));
    await page.getByRole('button', { name: 'Save settings' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Your session has ended' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('what you typed on this page is kept');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('sign-in-again.png') });
    expect(await axeViolations(page)).toEqual([]);

    const { email, password } = staffAccount('SUPER_ADMIN');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await enterAuthenticatorCode(page, 'SUPER_ADMIN');
    await expect(dialog).toHaveCount(0);

    // Still the same page, with what was typed; the second press saves it.
    await expect(field).toHaveValue(address);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    expect((await readSettings()).address).toBe(address);
  });
});
