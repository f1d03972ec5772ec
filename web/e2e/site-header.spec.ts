/**
 * The site's top bar (issue 14, console UX) in headless Chromium: from 961 px up (the hamburger is
 * below 960 px, spec §9) every link, the account corner and both calls to action sit on one row,
 * signed out and signed in as a client (Dashboard, initials, Log out): the bar is one row high.
 */
import type { Page } from '@playwright/test';
import { expect, provided, test } from './fixtures.ts';
import { hydrated } from './page-support.ts';

/**
 * The bar's height and the vertical centre of each of its parts, at `width`. The published page
 * arrives signed out; a signed-in visitor's corner (Dashboard, Log out) appears once the app has
 * hydrated and read the session, so the bar is measured after the corner `signedIn` expects.
 */
async function measure(page: Page, width: number, signedIn: boolean) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/contactus');
  await hydrated(page);
  await expect(page.getByRole('link', { name: signedIn ? 'Dashboard' : 'Log in', exact: true })).toBeVisible();
  return page.evaluate(() => {
    const header = document.querySelector('header.site-header')!;
    const parts = [
      ...header.querySelectorAll('.site-header__brand, .site-header__link, .navbar-account__avatar, .site-header__cta'),
    ];
    const centre = (element: Element) => {
      const box = element.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    };
    return {
      height: header.getBoundingClientRect().height,
      rowHeight: header.querySelector('.site-header__link')!.getBoundingClientRect().height,
      parts: parts.map((element) => ({ text: element.textContent?.trim() ?? '', centre: centre(element) })),
    };
  });
}

/** The parts of the bar off the brand's row (to the pixel, give or take rounding), and the heights. */
async function offRow(page: Page, width: number, signedIn: boolean) {
  const { height, rowHeight, parts } = await measure(page, width, signedIn);
  const first = parts[0]!.centre;
  return { off: parts.filter((part) => Math.abs(part.centre - first) > 2), twoRows: height >= rowHeight * 2 };
}

async function expectOneRow(page: Page, width: number, signedIn: boolean) {
  // Polled: the page's fonts and styles may still be arriving when it first renders.
  await expect.poll(() => offRow(page, width, signedIn), { timeout: 10_000 }).toEqual({ off: [], twoRows: false });
}

test.describe('site header on a wide screen', () => {
  test('fits one row from 961 px up, signed out and signed in as a client', async ({ page }) => {
    for (const width of [961, 1280]) await expectOneRow(page, width, false);

    const client = provided('accounts').find((account) => account.role === 'CLIENT')!;
    await page.goto('/signin');
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    for (const width of [961, 1280]) {
      await expectOneRow(page, width, true);
      expect((await measure(page, width, true)).parts.map((part) => part.text)).toEqual(
        expect.arrayContaining(['Dashboard', 'Log out', 'REQUEST A QUOTE', 'START FREE TRIAL']),
      );
    }
    // Below 960 px the menu folds into the hamburger (spec §9).
    await page.setViewportSize({ width: 959, height: 800 });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  });
});
