/**
 * "Sign out everywhere" (#32) in headless Chromium: a client signed in on two devices ends every
 * session from the dashboard of one; that page opens the sign-in page and says so, and the other
 * device's session is refused by the API at its next request (docs/access.md, "Revocation").
 */
import { freshClient } from '../../functions/test/integration/test-clients.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { signInOnPage } from './job-support.ts';

test.describe('sign out everywhere', () => {
  test(
    'a client on a phone ends the sessions of every device from the dashboard',
    { tag: '@phone' },
    async ({ page }) => {
      const client = await freshClient();
      // The other device: a session signed in before, through the API.
      const jobsOfClient = () =>
        fetch(`${provided('gatewayUrl')}/api/jobs/client/${client.userId}`, {
          headers: { authorization: `Bearer ${client.token}` },
        });
      expect((await jobsOfClient()).status).toBe(200);

      await signInOnPage(page, client);
      await expect(page.getByRole('heading', { level: 2, name: 'Your sessions' })).toBeVisible();
      // The jobs above load after the page shows, and a list takes the height of what it holds:
      // what a person sees first, then the tap. (The e-mail settings keep their height while they
      // load since a run of 2026-11-29 tapped as they grew under the finger.)
      await expect(page.getByRole('region', { name: 'No jobs yet: start your first order' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page.getByRole('button', { name: 'Yes, sign out everywhere' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await expect(page.getByText('You are signed out on every device. Sign in again to go on.')).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

      expect((await jobsOfClient()).status).toBe(401);
      // A new sign-in works at once.
      await signInOnPage(page, client);
    },
  );
});
