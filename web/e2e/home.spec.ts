/**
 * The home page in headless Chromium against the running local stack: the "Our Services" section
 * is rendered from GET api/services, read from DynamoDB through the real Lambda handler.
 */
import { listServicesResponseSchema } from '@studio/shared/service';
import { holdRequests } from '../../scripts/test-setup/browser.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';

// Never beside another shared-state file (playwright.config.ts): this one checks the exact list of services.
test.describe.configure({ lock: sharedStateLock });

async function seededServiceNames(): Promise<string[]> {
  const response = await fetch(`${provided('gatewayUrl')}/api/services`);
  return listServicesResponseSchema.parse(await response.json()).services.map((s) => s.name);
}

test.describe('home page', () => {
  test('lists the seeded services from the API, with their images, quote and detail links', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const section = page.locator('#services');
    // No other shared-state file runs meanwhile (the lock above): nothing changes the services between the two reads.
    const names = (await seededServiceNames()).slice(0, 12);
    await page.goto('/');
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(names);
    const quote = section.getByRole('link', { name: 'Get A Quote' }).first();
    await expect(quote).toHaveAttribute('href', /^\/service-quote\/[0-9A-Z]{26}$/);
    const more = section.getByRole('link', { name: 'View More', exact: true }).first();
    await expect(more).toHaveAttribute('href', /^\/specific-services\/[0-9A-Z]{26}$/);
    // Images load through the same origin (the /media proxy to the S3 emulator).
    const image = section.locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(failed).toEqual([]);
  });

  test('shows "Loading..." until the services arrive', async ({ page }) => {
    const release = await holdRequests(page, '**/api/services');
    await page.goto('/');
    await expect(page.locator('#services').getByText('Loading...')).toBeVisible();
    release();
    await expect(page.locator('#services').getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page.locator('#services').getByText('Loading...')).toHaveCount(0);
  });

  test('shows the spec’s error text when the API fails', async ({ page }) => {
    await page.route('**/api/services', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'INTERNAL', message: 'boom' }),
      }),
    );
    await page.goto('/');
    await expect(page.locator('#services').getByText('Failed to fetch services')).toBeVisible();
  });

  test('fits a phone without horizontal scrolling', { tag: '@phone' }, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.locator('#services').getByRole('heading', { level: 3 }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('answers an unknown path with a not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });
});
