/**
 * The site's top bar (issue 14, console UX) in headless Chromium: from 961 px up (the hamburger is
 * below 960 px, spec §9) every link, the account corner and both calls to action sit on one row,
 * signed out and signed in as a client (Dashboard, initials, Log out): the bar is one row high.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { hydrated } from './page-support.ts';
import '../../scripts/test-setup/provided-context.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The bar's height and the vertical centre of each of its parts, at `width`. The published page
 * arrives signed out; a signed-in visitor's corner (Dashboard, Log out) appears once the app has
 * hydrated and read the session, so the bar is measured after the corner `signedIn` expects.
 */
async function measure(page: Page, width: number, signedIn: boolean) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${inject('siteUrl')}/contactus`);
  await hydrated(page);
  await page.getByRole('link', { name: signedIn ? 'Dashboard' : 'Log in', exact: true }).waitFor();
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

describe('site header on a wide screen', () => {
  it('fits one row from 961 px up, signed out and signed in as a client', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const width of [961, 1280]) await expectOneRow(page, width, false);

    const client = inject('accounts').find((account) => account.role === 'CLIENT')!;
    await page.goto(`${inject('siteUrl')}/signin`);
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    for (const width of [961, 1280]) {
      await expectOneRow(page, width, true);
      expect((await measure(page, width, true)).parts.map((part) => part.text)).toEqual(
        expect.arrayContaining(['Dashboard', 'Log out', 'REQUEST A QUOTE', 'START FREE TRIAL']),
      );
    }
    // Below 960 px the menu folds into the hamburger (spec §9).
    await page.setViewportSize({ width: 959, height: 800 });
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(false);
    await context.close();
  }, 60_000);
});
