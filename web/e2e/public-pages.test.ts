/**
 * Every public page of issue 3 in headless Chromium against the local stack: it renders its heading
 * with no console error, axe finds no accessibility violation, and it fits a 375 px phone. The
 * browser tests load the production build (the suite's setup builds it once and serves it as
 * CloudFront would); one test here loads every page from the Vite dev server of `npm start`.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { listServicesResponseSchema } from '@studio/shared/service';
import { holdRequests, launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';
import { axeViolations } from './axe.ts';
import { appStarted, hydrated } from './page-support.ts';

let browser: Browser;
let serviceId: string;

beforeAll(async () => {
  browser = await launchChromium();
  const response = await fetch(`${inject('gatewayUrl')}/api/services`);
  serviceId = listServicesResponseSchema.parse(await response.json()).services[0]!.id;
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(
  path: string,
  width = 1280,
  { beforeLoad, until = hydrated }: { beforeLoad?: (page: Page) => Promise<unknown>; until?: typeof hydrated } = {},
): Promise<{ page: Page; errors: string[] }> {
  // A context per page: axe needs one, and each page starts with clean storage.
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await beforeLoad?.(page);
  // The browser may already be closing (afterAll); a context closed with it needs no second close.
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(inject('siteUrl') + path);
  // The build's pages are prerendered: wait for the app before pressing anything.
  await until(page);
  return { page, errors };
}

const pages: { path: () => string; heading: string | RegExp }[] = [
  { path: () => '/', heading: 'Photo editing and retouching for e-commerce, photographers and agencies' },
  { path: () => '/services', heading: 'Request a Quote' },
  { path: () => '/services2', heading: 'Our Services' },
  { path: () => '/full-services', heading: 'Our Services' },
  { path: () => `/specific-services/${serviceId}`, heading: /.+/ },
  { path: () => '/full-portfolio', heading: 'Our Portfolio' },
  { path: () => '/free-trial', heading: 'Get 1 photo editing service for FREE' },
  { path: () => '/suit/pricing', heading: 'Pricing' },
  { path: () => '/career', heading: 'Join Our Team' },
  { path: () => '/contactus', heading: 'How can we help?' },
  { path: () => '/contact', heading: 'How can we help?' },
  { path: () => '/faq', heading: 'Frequently Asked Questions' },
  { path: () => '/test2', heading: 'Before and After Samples' },
];

describe('public pages', () => {
  for (const entry of pages) {
    it(`renders ${entry.path().replace(/undefined$/, '{id}')} with its heading, no console error and no axe violation`, async () => {
      const { page, errors } = await openPage(entry.path());
      await page.getByRole('heading', { level: 1, name: entry.heading }).first().waitFor();
      // Let the page's data arrive (no loading text left) before axe looks at it.
      await page.waitForLoadState('load');
      await expect.poll(() => page.getByText(/^Loading\.\.\.$/).count(), { timeout: 15_000 }).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      const overflow = await (async () => {
        await page.setViewportSize({ width: 375, height: 800 });
        return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      })();
      expect(overflow).toBeLessThanOrEqual(0);
      await page.close();
    }, 60_000);
  }

  for (const section of ['about', 'features', 'gallery', 'process', 'clients', 'trial']) {
    it(`/${section} shows the home page scrolled to its section below the navbar`, async () => {
      const { page } = await openPage(`/${section}`);
      await page.waitForURL(`**/#${section}`);
      const target = page.locator(`#${section}`);
      await target.waitFor();
      await expect
        .poll(async () => {
          const top = await target.evaluate((el) => el.getBoundingClientRect().top);
          const bar = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
          // A section near the end may not reach the bar: then the page must be scrolled to its end.
          const atEnd = await page.evaluate(
            () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
          );
          return atEnd && top > bar ? 0 : Math.abs(top - bar);
        })
        .toBeLessThan(4);
      await page.close();
    });
  }
});

describe("npm start's dev server", () => {
  // The pages above are the production build's; this is the same app as `npm start` serves it, with
  // React's development checks (keys, hydration, effects run twice), which log what they find.
  it('renders every public page with no console error or warning', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`${page.url()}: ${String(error)}`));
    try {
      // One context: the modules Vite serves are fetched once, not once per page.
      for (const entry of pages) {
        await page.goto(inject('devSiteUrl') + entry.path());
        await page.getByRole('heading', { level: 1, name: entry.heading }).first().waitFor();
        await page.waitForLoadState('load');
        await expect.poll(() => page.getByText(/^Loading\.\.\.$/).count(), { timeout: 15_000 }).toBe(0);
      }
      expect(logged).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('navbar', () => {
  it('opens the services menu on hover and on keyboard focus, listing each service with its image', async () => {
    const response = await fetch(`${inject('gatewayUrl')}/api/services`);
    const names = listServicesResponseSchema.parse(await response.json()).services.map((s) => s.name);
    const { page } = await openPage('/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('list', { name: 'Our services' });
    expect(await menu.isVisible()).toBe(false);
    await nav.getByRole('link', { name: 'Services' }).hover();
    await menu.getByRole('link').first().waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(names);
    expect(await menu.locator('img').count()).toBe(names.length);
    await page.mouse.move(5, 600);
    await menu.waitFor({ state: 'hidden' });

    await nav.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Tab');
    await menu.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(names[0]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('folds into a hamburger at 375 px and takes the visitor home to the services section', async () => {
    const { page } = await openPage('/faq', 375);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await nav.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await page.waitForURL('**/#gallery');
    await nav.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('scrolls to the services section on the home page instead of leaving it', async () => {
    const { page } = await openPage('/');
    await page.locator('#services h3').first().waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    const bar = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
    await expect
      .poll(() => page.locator('#services').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeCloseTo(bar, -1);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});

describe('home page widgets', () => {
  it('opens the portfolio lightbox, wraps with the keyboard, locks scrolling and closes on Escape', async () => {
    const { page } = await openPage('/');
    const thumbs = page.locator('#gallery .portfolio-grid__button');
    await thumbs.first().waitFor();
    const count = await thumbs.count();
    await thumbs.first().click();
    const dialog = page.getByRole('dialog', { name: 'Portfolio' });
    await dialog.waitFor();
    // The image at the screen's width, from its variants (the original may be 20 MB).
    await expect
      .poll(() => dialog.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/-1600w\.avif$/);
    // As large as the screen allows, whatever the file's size: as wide as its column, or held to
    // the screen's height (8rem kept for the buttons and the caption).
    const fit = await dialog.locator('img').evaluate((img) => {
      const box = img.getBoundingClientRect();
      return {
        fullWidth: Math.round(box.width) === Math.round(img.closest('figure')!.getBoundingClientRect().width),
        fullHeight: Math.round(box.height) === window.innerHeight - 128,
      };
    });
    expect(fit.fullWidth || fit.fullHeight, JSON.stringify(fit)).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.locator('figcaption').textContent()).toContain(`(${count} / ${count})`);
    await page.keyboard.press('ArrowRight');
    expect(await dialog.locator('figcaption').textContent()).toContain(`(1 / ${count})`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.close();
  });

  it('hero shows the Hair Masking slide with indicators and does not autoplay under reduced motion', async () => {
    const { page } = await openPage('/');
    await page.getByRole('heading', { name: 'Hair Masking' }).waitFor();
    const dots = page.locator('#home').getByRole('button', { name: /^Show slide/ });
    await dots.first().waitFor();
    expect(await dots.count()).toBe(7);
    await page.waitForTimeout(3500);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    await dots.nth(3).click();
    await expect.poll(() => dots.nth(3).getAttribute('aria-current')).toBe('true');
    await page.close();
  });

  it('changes the banner slide on a drag beyond 75 px only', async () => {
    const { page } = await openPage('/');
    const track = page.getByTestId('banner-track');
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    const dots = page.getByRole('button', { name: /^Go to slide/ });
    const y = box.y + box.height / 2;
    const drag = async (dx: number) => {
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 5 });
      await page.mouse.up();
    };
    // The banner is a section the page hydrates as it comes near (its code loads then): a drag
    // before that moves nothing, so the first long drag is repeated until it is answered.
    await expect
      .poll(
        async () => {
          await drag(-120);
          return dots.first().getAttribute('aria-current');
        },
        { timeout: 10_000 },
      )
      .not.toBe('true');
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    await drag(120);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    await drag(-60);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    await page.close();
  });
});

describe('faq', () => {
  it('opens the named question first and toggles by keyboard, a press made while the page hydrates included', async () => {
    // The page's own code held back until the test lets it through: the app starts hydrating
    // without it, so React drops a press on the page meanwhile; the page presses it again once it
    // has hydrated.
    let release = () => {};
    const { page } = await openPage('/faq', 1280, {
      beforeLoad: async (page) => (release = await holdRequests(page, '**/assets/faq-*.js')),
      until: appStarted,
    });
    const first = page.getByRole('button', { name: 'How is my image retouched?' });
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    release();
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });
});
