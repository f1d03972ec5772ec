/**
 * When payment is due (#40, item 3), at both sizes: the quote page and the payment page's terms say
 * the one statement of the studio's settings, and say the other once the owner changes the release
 * setting. The setting is put back as it was.
 */
import { paymentDueStatement, studioSettingsResponseSchema } from '@studio/shared/studio-settings';
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';
import { callApi, orderJob, signInOnPage } from './job-support.ts';
import { staffApiSession } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one changes whether files are
// released before payment.
test.describe.configure({ lock: sharedStateLock });

/** Saves the release setting as a SUPER_ADMIN does on /settings, keeping every other; answers the one before. */
async function saveRelease(releaseFilesBeforePayment: boolean): Promise<boolean> {
  const { token } = await staffApiSession('SUPER_ADMIN');
  const read = await callApi('/api/settings', { token });
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(read.json).settings;
  const saved = await callApi('/api/settings', {
    method: 'PUT',
    token,
    body: JSON.stringify({ ...fields, releaseFilesBeforePayment }),
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return fields.releaseFilesBeforePayment;
}

test.describe('when payment is due', { tag: '@both-sizes' }, () => {
  test('the quote page and the terms say it, as the settings say', async ({ page }) => {
    const before = await saveRelease(false);
    try {
      const client = await freshClient({ name: 'Terms Reader' });
      const job = await orderJob(client.token, { instructions: 'Terms', currency: 'USD' });
      const payFirst = paymentDueStatement({ releaseFilesBeforePayment: false });
      const payLater = paymentDueStatement({ releaseFilesBeforePayment: true });

      await signInOnPage(page, client, `/service-quote/${job.serviceId}`);
      await expect(page.getByText(payFirst)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`/payment/${job.id}`);
      const terms = page.getByLabel('Terms and conditions text');
      await expect(terms).toContainText(payFirst);
      await expect(terms).not.toContainText('approved the edited photos');

      await saveRelease(true);
      await page.reload();
      await expect(terms).toContainText(payLater);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`/service-quote/${job.serviceId}`);
      await expect(page.getByText(payLater)).toBeVisible();
      await expect(page.getByText(payFirst)).toHaveCount(0);
    } finally {
      await saveRelease(before);
    }
  });
});
