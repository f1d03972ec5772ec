/**
 * The home page's hero video in headless Chromium against the local stack: nothing of it is fetched
 * with the page; 3 s × 7 slides after the slide images have loaded it slides in and plays, axe stays
 * clean, and on `ended` the carousel returns and carries on. The page's clock is Playwright's: the
 * test moves it over the 21 s wait instead of sitting through it (the video itself plays in real
 * time). The exact delay, to the millisecond, is the unit test's (hero-carousel.test.tsx).
 */
import { axeViolations } from './axe.ts';
import { expect, sharedStateLock, test } from './fixtures.ts';

// Never beside another shared-state file (playwright.config.ts): this one checks the hero holds exactly the
// seeded slides.
test.describe.configure({ lock: sharedStateLock });

const videoDelayMs = 3000 * 7;

test.use({ reducedMotion: 'no-preference' });

test('slides in after 3 s × slide count, plays, and returns to the carousel when it ends', async ({ page }) => {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/\.(webm|mp4)$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
  });

  await page.clock.install();
  await page.goto('/');
  const hero = page.locator('.hero-carousel');
  await expect
    .poll(() =>
      page.$$eval(
        '.hero-carousel__slide img',
        (images) =>
          images.length === 7 &&
          images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  // Not needed yet: no video element and nothing fetched for it.
  await expect(page.locator('video')).toHaveCount(0);
  expect(videoRequests).toEqual([]);

  // The page's time moved by hand: a slide before the end of the wait, nothing yet; at its end, the
  // video. The wait starts once the carousel has seen the last image's load event; should that come
  // after the clock has been moved, it ends 21 s later in real time: still within the wait below.
  await page.clock.runFor(videoDelayMs - 3000);
  await expect(page.locator('video')).toHaveCount(0);
  expect(videoRequests).toEqual([]);
  await page.clock.runFor(3500);
  await expect(page.locator('.hero-carousel[data-video="true"]')).toBeVisible({ timeout: 30_000 });
  const video = hero.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted)).toBe(true);
  const started = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(started);
  expect(videoRequests.length).toBeGreaterThan(0);
  // The layout has slid left: the video covers the hero, the slides are off to the left.
  const settled = () =>
    page.evaluate(() => {
      const stage = document.querySelector('.hero-carousel__copy')!.getBoundingClientRect();
      const panel = document.querySelector('.hero-carousel video')!.getBoundingClientRect();
      return stage.right <= 0.5 && Math.abs(panel.left) <= 0.5;
    });
  await expect.poll(settled).toBe(true);
  expect(await axeViolations(page, { include: '.hero-carousel' })).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The clip is 5 s long; on its end the carousel slides back and advances again.
  await expect(page.locator('.hero-carousel[data-video="false"]')).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
  const activeSlide = page.locator('.hero-carousel__slide[data-active="true"]');
  const shown = await activeSlide.getAttribute('aria-label');
  await expect(activeSlide).not.toHaveAttribute('aria-label', shown!);
  expect(errors).toEqual([]);
  expect(warnings.filter((w) => w.includes('Hero video'))).toEqual([]);
});
