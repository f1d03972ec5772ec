/**
 * The home page in headless Chromium against the running local stack: the "Our Services" section
 * is rendered from GET api/services, read from DynamoDB through the real Lambda handler.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { listServicesResponseSchema } from '@studio/shared/service';
import { holdRequests, launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function seededServiceNames(): Promise<string[]> {
  const response = await fetch(`${inject('gatewayUrl')}/api/services`);
  return listServicesResponseSchema.parse(await response.json()).services.map((s) => s.name);
}

describe('home page', () => {
  it('lists the seeded services from the API, with their images, quote and detail links', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const section = page.locator('#services');
    // The page reads the services itself, a moment after this test did: a service another test
    // file adds or deletes in between (were files run side by side) makes the two reads differ,
    // so both are read again until they agree.
    let shown: { headings: string[]; names: string[] } = { headings: [], names: [] };
    const deadline = Date.now() + 20_000;
    do {
      const names = (await seededServiceNames()).slice(0, 12);
      await page.goto(inject('siteUrl') + '/');
      await section.getByRole('heading', { level: 3 }).first().waitFor();
      shown = { headings: await section.getByRole('heading', { level: 3 }).allTextContents(), names };
    } while (shown.headings.join('\n') !== shown.names.join('\n') && Date.now() < deadline);
    expect(shown.headings).toEqual(shown.names);
    const quote = section.getByRole('link', { name: 'Get A Quote' }).first();
    expect(await quote.getAttribute('href')).toMatch(/^\/service-quote\/[0-9A-Z]{26}$/);
    const more = section.getByRole('link', { name: 'View More', exact: true }).first();
    expect(await more.getAttribute('href')).toMatch(/^\/specific-services\/[0-9A-Z]{26}$/);
    // Images load through the same origin (the /media proxy to the S3 emulator).
    const image = section.locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('shows "Loading..." until the services arrive', async () => {
    const page = await browser.newPage();
    const release = await holdRequests(page, '**/api/services');
    await page.goto(inject('siteUrl') + '/');
    await page.locator('#services').getByText('Loading...').waitFor();
    release();
    await page.locator('#services').getByRole('heading', { level: 3 }).first().waitFor();
    expect(await page.locator('#services').getByText('Loading...').count()).toBe(0);
    await page.close();
  });

  it('shows the spec’s error text when the API fails', async () => {
    const page = await browser.newPage();
    await page.route('**/api/services', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'INTERNAL', message: 'boom' }),
      }),
    );
    await page.goto(inject('siteUrl') + '/');
    await page.locator('#services').getByText('Failed to fetch services').waitFor();
    await page.close();
  });

  it('fits a 375 px phone without horizontal scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(inject('siteUrl') + '/');
    await page.locator('#services').getByRole('heading', { level: 3 }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('answers an unknown path with a not-found page', async () => {
    const page = await browser.newPage();
    await page.goto(inject('siteUrl') + '/no-such-page');
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await page.close();
  });
});
