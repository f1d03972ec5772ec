/**
 * Every public page of issue 3 in headless Chromium against the local stack: it renders its heading
 * with no console error, axe finds no accessibility violation, and it fits a 375 px phone. The
 * browser tests load the production build (the suite's setup builds it once and serves it as
 * CloudFront would); one test here loads every page from the Vite dev server of `npm start`.
 */
import type { Page } from '@playwright/test';
import { listServicesResponseSchema } from '@studio/shared/service';
import { holdRequests } from '../../scripts/test-setup/browser.ts';
import { axeViolations } from './axe.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { appStarted, hydrated, sectionHydrated } from './page-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one checks the exact services in the
// menu, the hero's slides and the first FAQ question.
test.describe.configure({ lock: sharedStateLock });

test.use({ reducedMotion: 'reduce' });

let serviceId: string;

test.beforeAll(async () => {
  const response = await fetch(`${provided('gatewayUrl')}/api/services`);
  serviceId = listServicesResponseSchema.parse(await response.json()).services[0]!.id;
});

/** Collects the page's console errors and uncaught exceptions. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Opens a public page of the build and waits for the app to take it over before anything is pressed. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
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

test.describe('public pages', () => {
  for (const entry of pages) {
    const name = entry.path().replace(/undefined$/, '{id}');
    test(`renders ${name} with its heading, no console error and no axe violation`, async ({ page }) => {
      const errors = errorsOf(page);
      await open(page, entry.path());
      await expect(page.getByRole('heading', { level: 1, name: entry.heading }).first()).toBeVisible();
      // Let the page's data arrive (no loading text left) before axe looks at it.
      await page.waitForLoadState('load');
      await expect(page.getByText(/^Loading\.\.\.$/)).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  }

  for (const section of ['about', 'features', 'gallery', 'process', 'clients', 'trial']) {
    test(`/${section} shows the home page scrolled to its section below the navbar`, async ({ page }) => {
      await open(page, `/${section}`);
      await expect(page).toHaveURL(new RegExp(`/#${section}$`));
      const target = page.locator(`#${section}`);
      await expect(target).toBeAttached();
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
    });
  }
});

test.describe("npm start's dev server", () => {
  // The pages above are the production build's; this is the same app as `npm start` serves it, with
  // React's development checks (keys, hydration, effects run twice), which log what they find.
  test('renders every public page with no console error or warning', async ({ page }) => {
    test.setTimeout(180_000);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`${page.url()}: ${String(error)}`));
    // One page: the modules Vite serves are fetched once, not once per page.
    for (const entry of pages) {
      await page.goto(provided('devSiteUrl') + entry.path());
      await expect(page.getByRole('heading', { level: 1, name: entry.heading }).first()).toBeVisible();
      await page.waitForLoadState('load');
      await expect(page.getByText(/^Loading\.\.\.$/)).toHaveCount(0);
    }
    expect(logged).toEqual([]);
  });
});

test.describe('navbar', () => {
  test('opens the services menu on hover and on keyboard focus, listing each service with its image', async ({
    page,
  }) => {
    const response = await fetch(`${provided('gatewayUrl')}/api/services`);
    const names = listServicesResponseSchema.parse(await response.json()).services.map((s) => s.name);
    await open(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('list', { name: 'Our services' });
    await expect(menu).toBeHidden();
    await nav.getByRole('link', { name: 'Services' }).hover();
    await expect(menu.getByRole('link')).toHaveText(names);
    await expect(menu.locator('img')).toHaveCount(names.length);
    await page.mouse.move(5, 600);
    await expect(menu).toBeHidden();

    await nav.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(names[0]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test(
    'folds into a hamburger on a phone and takes the visitor home to the gallery section',
    { tag: '@phone' },
    async ({ page }) => {
      await open(page, '/faq');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(nav).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await nav.getByRole('link', { name: 'Gallery' }).click();
      await expect(page).toHaveURL(/\/#gallery$/);
      await expect(nav).toBeHidden();
    },
  );

  test('scrolls to the services section on the home page instead of leaving it', async ({ page }) => {
    await open(page, '/');
    await expect(page.locator('#services h3').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    const bar = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
    await expect
      .poll(() => page.locator('#services').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeCloseTo(bar, -1);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('home page widgets', () => {
  test('opens the portfolio lightbox, wraps with the keyboard, locks scrolling and closes on Escape', async ({
    page,
  }) => {
    await open(page, '/');
    const thumbs = page.locator('#gallery .portfolio-grid__button');
    await expect(thumbs.first()).toBeVisible();
    const count = await thumbs.count();
    await thumbs.first().click();
    const dialog = page.getByRole('dialog', { name: 'Portfolio' });
    await expect(dialog).toBeVisible();
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
    await expect(dialog.locator('figcaption')).toContainText(`(${count} / ${count})`);
    await page.keyboard.press('ArrowRight');
    await expect(dialog.locator('figcaption')).toContainText(`(1 / ${count})`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('hero shows the Hair Masking slide with indicators and does not autoplay under reduced motion', async ({
    page,
  }) => {
    // The page's clock, moved past the carousel's 3 s by hand instead of waiting for it.
    await page.clock.install();
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'Hair Masking' })).toBeVisible();
    const dots = page.locator('#home').getByRole('button', { name: /^Show slide/ });
    await expect(dots).toHaveCount(7);
    await page.clock.runFor(3500);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await dots.nth(3).click();
    await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
  });

  test('changes the banner slide on a drag beyond 75 px only', async ({ page }) => {
    await open(page, '/');
    const track = page.getByTestId('banner-track');
    await track.scrollIntoViewIfNeeded();
    // The banner is a section the page hydrates as it comes near (its code loads then): a drag
    // before that moves nothing.
    await sectionHydrated(track);
    const box = (await track.boundingBox())!;
    const dots = page.getByRole('button', { name: /^Go to slide/ });
    const y = box.y + box.height / 2;
    const drag = async (dx: number) => {
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 5 });
      await page.mouse.up();
    };
    await drag(-120);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await drag(120);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await drag(-60);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('faq', () => {
  test('opens the named question first and toggles by keyboard, a press made while the page hydrates included', async ({
    page,
  }) => {
    // The page's own code held back until the test lets it through: the app starts hydrating
    // without it, so React drops a press on the page meanwhile; the page presses it again once it
    // has hydrated.
    const release = await holdRequests(page, '**/assets/faq-*.js');
    await page.goto('/faq');
    await appStarted(page);
    const first = page.getByRole('button', { name: 'How is my image retouched?' });
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
  });
});
