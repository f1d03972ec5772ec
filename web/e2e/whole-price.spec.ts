/**
 * The whole price (#40, item 7) at both sizes: the pricing page and a service page list the
 * service's turnarounds with what each adds and its volume discounts, in words, as two named
 * lists, with no axe violation and nothing wider than a phone. The seed gives every demo service
 * Standard 48 h x1.0, Express 24 h x1.5, Rush 12 h x2.0, and 0 % from 1 photo, 10 % from 100,
 * 20 % from 1,000. publish.spec.ts checks that a change made by a SUPER_ADMIN reaches the
 * published pages.
 */
import type { Locator, Page } from '@playwright/test';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { axeViolations } from './axe.ts';
import { expect, provided, test } from './fixtures.ts';
import { hydrated } from './page-support.ts';

let service: Service;

test.beforeAll(async () => {
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  const seeded = services.find(
    (s) => s.turnarounds.some((t) => t.id === 'express' && t.multiplier === 1.5) && s.volumeTiers.length === 3,
  );
  if (!seeded) throw new Error('the seed has no service with Express x1.5 and three volume tiers');
  service = seeded;
});

const listItems = (within: Locator, name: string) => within.getByRole('list', { name }).getByRole('listitem');

async function expectWholePrice(within: Locator) {
  await expect(listItems(within, 'Turnaround')).toHaveText([
    'Standard (48 h): no surcharge',
    'Express (24 h): +50 %',
    'Rush (12 h): +100 %',
  ]);
  // The 0 % tier from 1 photo says nothing: only the two that take something off.
  await expect(listItems(within, 'Volume discounts')).toHaveText([
    '10 % off from 100 photos',
    '20 % off from 1,000 photos',
  ]);
}

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the whole price on the public pages', { tag: '@both-sizes' }, () => {
  test.use({ reducedMotion: 'reduce' });

  test("the pricing page lists each service's turnaround surcharges and volume discounts", async ({
    page,
  }, testInfo) => {
    await page.goto('/suit/pricing');
    await hydrated(page);
    const section = page.getByRole('region', { name: service.name, exact: true });
    await section.scrollIntoViewIfNeeded();
    await expectWholePrice(section);
    await expect(section.getByRole('heading', { level: 3, name: 'Turnaround' })).toBeVisible();
    await fitsThePhone(page);
    await section.screenshot({ path: testInfo.outputPath('pricing-section.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a service page lists its turnaround surcharges and volume discounts', async ({ page }, testInfo) => {
    await page.goto(`/specific-services/${service.id}`);
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Delivery times and volume discounts' });
    await section.scrollIntoViewIfNeeded();
    await expectWholePrice(section);
    await expect(section).toContainText('a volume discount comes off');
    await fitsThePhone(page);
    await section.screenshot({ path: testInfo.outputPath('service-price-terms.png') });
    expect(await axeViolations(page)).toEqual([]);
  });
});
