/**
 * Issue 5, part B, in headless Chromium against the local stack: a SUPER_ADMIN signs in at
 * /admin-login, adds a service with before/after images (uploaded straight to storage, then
 * checked by the server), adds a subservice priced in two currencies, and the service appears on
 * the public home page, its detail page showing the subservice.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { listServicesResponseSchema } from '@studio/shared/service';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import { signInAtAdminLogin, staffApiSession } from './staff-support.ts';
import '../../scripts/test-setup/provided-context.ts';

let browser: Browser;
const serviceName = `Pet Portraits ${Date.now().toString(36)}`;

const image = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  // Leave the catalogue as the seed made it for the tests that follow.
  const { token } = await staffApiSession('SUPER_ADMIN');
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${inject('gatewayUrl')}/api/services`)).json(),
  );
  for (const service of services.filter((s) => s.name === serviceName)) {
    await fetch(`${inject('gatewayUrl')}/api/services/${service.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await browser?.close();
});

async function pickImage(page: Page, label: string, color: string) {
  await page
    .getByLabel(label)
    .setInputFiles({ name: `${color}.png`, mimeType: 'image/png', buffer: await image(color) });
  await expect.poll(() => page.getByAltText(`${label} preview`).count(), { timeout: 15_000 }).toBe(1);
}

describe('staff catalogue', () => {
  it('adds a service with a subservice in two currencies and an image; the public pages show it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAtAdminLogin(page, 'SUPER_ADMIN');

    await page.getByRole('link', { name: 'Add Service' }).click();
    await page.waitForURL((url) => url.pathname === '/add-service');
    await page.getByLabel('Name').fill(serviceName);
    await page.getByLabel('Description').fill('Retouched portraits of pets, fur and eyes made to shine.');
    await pickImage(page, 'Before image', '#884422');
    await pickImage(page, 'After image', '#ffcc66');
    await page.getByRole('button', { name: 'Add Service' }).click();
    await expect.poll(() => page.getByText('Service added successfully!').count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`${inject('siteUrl')}/add-subservice`);
    await page.getByLabel('Service').selectOption({ label: serviceName });
    await page.getByLabel('Name').fill('Fur Cleanup');
    await page.getByLabel('Description').fill('Stray hairs and lint removed.');
    await page.getByLabel('Price 1').fill('2.50');
    await page.getByRole('button', { name: 'Add price' }).click();
    await expect.poll(() => page.getByLabel('Currency 2').inputValue(), { timeout: 10_000 }).toBe('EUR');
    await page.getByLabel('Price 2').fill('2.25');
    await page.getByRole('button', { name: 'Add Subservice' }).click();
    await expect
      .poll(() => page.getByText('SubService and prices created successfully').count(), { timeout: 10_000 })
      .toBe(1);

    // The service table lists it with its subservice and both prices.
    await page.goto(`${inject('siteUrl')}/service-table`);
    const row = page.getByRole('row').filter({ hasText: serviceName });
    await row.getByRole('button', { name: 'Subservices' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Fur Cleanup').count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.textContent()).toContain('$2.50 / €2.25');

    // The public home page shows the new service; its detail page shows the subservice.
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`${inject('siteUrl')}/`);
    const card = visitor.locator('#services').getByRole('heading', { name: serviceName });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    const { services } = listServicesResponseSchema.parse(
      await (await fetch(`${inject('gatewayUrl')}/api/services`)).json(),
    );
    const created = services.find((s) => s.name === serviceName)!;
    expect(created.subServices[0]?.prices).toEqual([
      { price: 2.5, currency: 'USD', cents: 250 },
      { price: 2.25, currency: 'EUR', cents: 225 },
    ]);
    expect(created.afterImage).toMatch(/^\/media\/images\/.+\.png$/);
    const served = await fetch(`${inject('siteUrl')}${created.afterImage}`);
    expect(served.status).toBe(200);
    await visitor.goto(`${inject('siteUrl')}/specific-services/${created.id}`);
    await expect.poll(() => visitor.getByText('Fur Cleanup').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await visitor.close();
    await page.close();
  });

  it('manages the images of that service: upload with sizes, reorder by keyboard, delete selected', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAtAdminLogin(page, 'SUPER_ADMIN');
    await page.goto(`${inject('siteUrl')}/mangageImageCaraousal`);
    await page.getByLabel('Service').selectOption({ label: serviceName });
    await expect
      .poll(() => page.getByText('No images found for this service. Upload some images to get started.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.getByLabel('Images to upload').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await image('#112233') },
      { name: 'second.png', mimeType: 'image/png', buffer: await image('#445566') },
    ]);
    expect(await page.getByText('2 images selected').count()).toBe(1);
    expect(await page.getByText(/first\.png \(0\.00 MB\)/).count()).toBe(1);
    await page.getByRole('button', { name: 'Upload 2 Images' }).click();
    await expect.poll(() => page.getByText('Images uploaded successfully!').count(), { timeout: 20_000 }).toBe(1);
    const cards = page.getByRole('list', { name: 'Images in order' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
    expect(await cards.nth(0).textContent()).toContain('Order: 1');

    await page.getByRole('button', { name: 'Move second.png earlier' }).click();
    await expect
      .poll(async () => (await cards.nth(0).textContent()) ?? '', { timeout: 10_000 })
      .toContain('second.png');
    expect(await cards.nth(0).textContent()).toContain('Order: 1');
    expect(await cards.nth(1).textContent()).toContain('first.png');

    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    expect(await page.getByText('Are you sure you want to delete 2 images?').count()).toBe(1);
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => page.getByText('Images deleted successfully!').count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByText('No images found for this service. Upload some images to get started.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.close();
  });

  it('manages gallery items: the order is prefilled to max + 1, then edit and delete', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signInAtAdminLogin(page, 'SUPER_ADMIN');
    await page.goto(`${inject('siteUrl')}/manage-gallary`);
    await page.getByLabel('Filter by service').selectOption({ label: serviceName });
    await expect
      .poll(() => page.getByText('No gallery items found for the selected service.').count(), { timeout: 10_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Add New Gallery Item' }).click();
    await page.getByLabel('Service *', { exact: true }).selectOption({ label: serviceName });
    expect(await page.getByLabel('Display order').inputValue()).toBe('1');
    await page.getByLabel('Title').fill('Golden retriever');
    await pickImage(page, 'Before image', '#663300');
    await pickImage(page, 'After image', '#ffaa00');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect
      .poll(() => page.getByText('Gallery item added successfully! Orders have been adjusted.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    const items = page.getByRole('list', { name: 'Gallery items' }).getByRole('listitem');
    const card = items.filter({ hasText: 'Golden retriever' });
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    expect(await card.textContent()).toContain('Order: 1');

    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title').fill('Golden retriever, groomed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Gallery item updated successfully! Orders have been adjusted.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    const edited = items.filter({ hasText: 'Golden retriever, groomed' });
    await edited.getByRole('button', { name: 'Delete' }).click();
    expect(await page.getByText('Are you sure you want to delete this gallery item?').count()).toBe(1);
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => page.getByText('Gallery item deleted successfully!').count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByText('No gallery items found for the selected service.').count(), { timeout: 10_000 })
      .toBe(1);
    await page.close();
  });
});
