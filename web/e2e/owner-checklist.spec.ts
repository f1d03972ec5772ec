/**
 * The owner's checklist (#40, item 14) at both sizes: the SUPER_ADMIN's dashboard lists what the
 * studio has not set up yet, each item with the link to where it is set, and says the deploy-time
 * items do not apply to the local stack; an item goes as soon as its setting is saved on
 * /settings, and the checklist with the last one. The suite's stack is shared: the three settings
 * start as a fresh stack has them (default legal name, no tax id, no bank details) and are put
 * back as they were at the end.
 */
import { studioSettingsResponseSchema, type StudioSettingsFields } from '@studio/shared/studio-settings';
import { axeViolations } from './axe.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { staffApiSession, useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one changes the studio's legal name,
// tax number and bank details, and counts what is missing.
test.describe.configure({ lock: sharedStateLock });

let saved: StudioSettingsFields;

async function putSettings(fields: StudioSettingsFields) {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const answer = await fetch(`${provided('gatewayUrl')}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(fields),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

test.beforeAll(async () => {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const read = await fetch(`${provided('gatewayUrl')}/api/settings`, { headers: { authorization: `Bearer ${token}` } });
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(await read.json()).settings;
  saved = fields;
  await putSettings({ ...fields, legalName: 'Retouch Studio', taxId: '', bankDetails: '' });
});

test.afterAll(async () => {
  if (saved) await putSettings(saved);
});

test.describe("the owner's checklist on /admin", { tag: '@both-sizes' }, () => {
  test.use({ reducedMotion: 'reduce' });

  test('lists what is not set up, each with where it is set, until it is saved', async ({ page }, testInfo) => {
    await useStaffSessionOf(page, 'SUPER_ADMIN');
    await page.goto('/admin');
    const checklist = page.getByRole('region', { name: 'Still to set up' });
    const items = checklist.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Legal name and VAT number');
    await expect(items.nth(1)).toContainText('Bank details');
    await expect(items.nth(1)).toContainText('clients cannot choose to pay by bank transfer');
    // Set when deployed: not applicable to the local stack, and said so.
    await expect(checklist).toContainText('Not applicable on this local stack');
    await expect(checklist).toContainText('Stripe keys (payments go to the local Stripe emulator)');
    await expect(checklist).toContainText('Alarm e-mail (alarms exist only on AWS)');
    // Above the dashboard's links, on the first screen.
    await expect(checklist).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('admin-checklist.png') });
    expect(await axeViolations(page)).toEqual([]);

    // The bank details, saved where the item leads.
    await items.nth(1).getByRole('link', { name: 'Enter them in Studio Settings' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await page.getByLabel('Bank details').fill('Retouch Studio Ltd\nIBAN GB29 NWBK 6016 1331 9268 19\nBIC NWBKGB2L');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await expect(items).toHaveCount(1);
    await expect(items.nth(0)).toContainText('Legal name and VAT number');
    await expect(checklist).not.toContainText('Bank details');

    // The legal name and tax id: nothing left, no checklist.
    await items.nth(0).getByRole('link', { name: 'Enter them in Studio Settings' }).click();
    await page.getByLabel('Legal name *').fill('Retouch Studio Ltd');
    await page.getByLabel('Tax id (VAT number)').fill('GB123456789');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(checklist).toHaveCount(0);
    // The dashboard's links are still all there.
    await expect(page.getByRole('link', { name: /Studio Settings/ }).first()).toBeVisible();
  });

  test("is not on the MANAGER's dashboard: nothing on it is a manager's to set", async ({ page }) => {
    await putSettings({ ...saved, legalName: 'Retouch Studio', taxId: '', bankDetails: '' });
    await useStaffSessionOf(page, 'MANAGER');
    await page.goto('/manager');
    await expect(page.getByRole('heading', { name: 'Manager Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Assign Jobs To Editors/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Still to set up' })).toHaveCount(0);
  });
});
