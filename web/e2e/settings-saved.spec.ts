/**
 * Settings say they were saved (#40, item 13), at both sizes: beside the Save button, in a live
 * region screen readers announce, until the form is changed again. The studio's settings
 * (SUPER_ADMIN, /settings) are saved as they are, so other tests read what they expect.
 */
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { signInOnPage } from './job-support.ts';
import { useStaffSessionOf } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one saves the whole settings form as
// it loaded it.
test.describe.configure({ lock: sharedStateLock });

test.describe('settings say they were saved', { tag: '@both-sizes' }, () => {
  test.use({ reducedMotion: 'reduce' });

  test("the studio's settings, beside Save, until the next change", async ({ page }) => {
    await useStaffSessionOf(page, 'SUPER_ADMIN');
    await page.goto('/settings');
    const save = page.getByRole('button', { name: 'Save settings' });
    const status = page.getByRole('status').filter({ hasText: 'Settings saved.' });
    await expect(save).toBeVisible();
    await expect(status).toHaveCount(0);

    await save.click();
    await expect(status).toHaveText('Settings saved.');
    // Still there once the saved settings are read again, and where the person pressed Save.
    await expect(save).toHaveText('Save settings');
    await expect(status).toBeInViewport();
    await expect(save).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);

    // A change: what is on the screen is not what was saved any more.
    const rounds = page.getByLabel('Free revision rounds *');
    const before = await rounds.inputValue();
    await rounds.fill(String(Number(before) + 1));
    await expect(status).toHaveCount(0);
    await rounds.fill(before);
  });

  test('e-mail settings on Your Jobs, beside Save', async ({ page }) => {
    const client = await freshClient({ name: 'Settings Saver' });
    await signInOnPage(page, client);
    const save = page.getByRole('button', { name: 'Save e-mail settings' });
    const status = page.getByRole('status').filter({ hasText: 'Your e-mail settings are saved.' });
    const option = page.getByRole('checkbox', { name: 'Your photos are ready' });
    await option.uncheck();
    // Save at the bottom edge of the screen: on a phone the status wraps under the button, and is
    // brought into view when it appears (a run of 2026-11-29 pressed Save there by chance, after the
    // jobs above had loaded, and the confirmation stayed out of sight).
    await save.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await save.click();
    await expect(status).toHaveText('Your e-mail settings are saved.');
    await expect(status).toBeInViewport();
    await expect(save).toBeInViewport();
    await option.check();
    await expect(status).toHaveCount(0);
    await save.click();
    await expect(status).toHaveText('Your e-mail settings are saved.');
  });
});
