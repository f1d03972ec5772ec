/**
 * The home page's hero video in headless Chromium against the local stack: nothing of it is fetched
 * with the page; 3 s × 7 slides after the slide images have loaded it slides in and plays, axe stays
 * clean, and on `ended` the carousel returns and carries on. The page's clock is Playwright's: the
 * test stops it and moves it over the 21 s wait instead of sitting through it, then lets it run
 * (the video itself plays in real time).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';
import { axeViolations } from './axe.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const videoDelayMs = 3000 * 7;

describe('hero video', () => {
  it('slides in after 3 s × slide count, plays, and returns to the carousel when it ends', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'no-preference',
    });
    const page = await context.newPage();
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
    await page.goto(inject('siteUrl') + '/');
    const hero = page.locator('.hero-carousel');
    await expect
      .poll(
        () =>
          page.$$eval(
            '.hero-carousel__slide img',
            (images) =>
              images.length === 7 &&
              images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    // Not needed yet: no video element and nothing fetched for it.
    expect(await page.locator('video').count()).toBe(0);
    expect(videoRequests).toEqual([]);

    // A moment for the last image's load to reach the carousel (it arms the wait); then the page's
    // time stops and is moved by hand: nothing a slide before the end of the wait, the video at it.
    await page.waitForTimeout(300);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    await page.clock.runFor(videoDelayMs - 3000);
    await page.waitForTimeout(300);
    expect(await page.locator('video').count()).toBe(0);
    expect(videoRequests).toEqual([]);
    await page.clock.runFor(3500);
    await page.locator('.hero-carousel[data-video="true"]').waitFor({ timeout: 15_000 });
    await page.clock.resume();
    const video = hero.locator('video');
    const first = await video.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      paused: v.paused,
      muted: v.muted,
    }));
    expect(first.paused).toBe(false);
    expect(first.muted).toBe(true);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 3000 })
      .toBeGreaterThan(first.time);
    expect(videoRequests.length).toBeGreaterThan(0);
    // The layout has slid left: the video covers the hero, the slides are off to the left.
    const settled = () =>
      page.evaluate(() => {
        const stage = document.querySelector('.hero-carousel__copy')!.getBoundingClientRect();
        const panel = document.querySelector('.hero-carousel video')!.getBoundingClientRect();
        return stage.right <= 0.5 && Math.abs(panel.left) <= 0.5;
      });
    await expect.poll(settled, { timeout: 3000 }).toBe(true);
    expect(await axeViolations(page, { include: '.hero-carousel' })).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The clip is 5 s long; on its end the carousel slides back and advances again.
    await page.locator('.hero-carousel[data-video="false"]').waitFor({ timeout: 15_000 });
    expect(await video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
    const activeSlide = () => page.locator('.hero-carousel__slide[data-active="true"]').getAttribute('aria-label');
    const shown = await activeSlide();
    await expect.poll(activeSlide, { timeout: 8000 }).not.toBe(shown);
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.includes('Hero video'))).toEqual([]);
    await context.close();
  }, 60_000);
});
