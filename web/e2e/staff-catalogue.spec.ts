/**
 * Issue 5, part B, in headless Chromium against the local stack: a SUPER_ADMIN signs in at
 * /admin-login, adds a service with before/after images (uploaded straight to storage, then
 * checked by the server), adds a subservice priced in two currencies, and the service appears on
 * the public home page, its detail page showing the subservice.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { listServicesResponseSchema } from '@studio/shared/service';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { signInAtAdminLogin, staffApiSession } from './staff-support.ts';

// Never beside another shared-state file (playwright.config.ts): this one adds and deletes a service, a
// subservice and a gallery item.
test.describe.configure({ lock: sharedStateLock });

const serviceName = `Pet Portraits ${Date.now().toString(36)}`;

const image = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

test.afterAll(async () => {
  // Leave the catalogue as the seed made it for the tests that follow.
  const { token } = await staffApiSession('SUPER_ADMIN');
  const { services } = listServicesResponseSchema.parse(
    await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
  );
  for (const service of services.filter((s) => s.name === serviceName)) {
    await fetch(`${provided('gatewayUrl')}/api/services/${service.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

async function pickImage(page: Page, label: string, color: string) {
  await page
    .getByLabel(label)
    .setInputFiles({ name: `${color}.png`, mimeType: 'image/png', buffer: await image(color) });
  await expect(page.getByAltText(`${label} preview`)).toBeVisible();
}

// In order: the later tests work on the service the first one adds.
test.describe.configure({ mode: 'serial' });

test.describe('staff catalogue', () => {
  test('adds a service with a subservice in two currencies and an image; the public pages show it', async ({
    page,
    context,
  }) => {
    await signInAtAdminLogin(page, 'SUPER_ADMIN');

    await page.getByRole('link', { name: 'Add Service' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/add-service');
    await page.getByLabel('Name').fill(serviceName);
    await page.getByLabel('Description').fill('Retouched portraits of pets, fur and eyes made to shine.');
    await pickImage(page, 'Before image', '#884422');
    await pickImage(page, 'After image', '#ffcc66');
    await page.getByRole('button', { name: 'Add Service' }).click();
    await expect(page.getByText('Service added successfully!')).toBeVisible();

    await page.goto('/add-subservice');
    await page.getByLabel('Service').selectOption({ label: serviceName });
    await page.getByLabel('Name').fill('Fur Cleanup');
    await page.getByLabel('Description').fill('Stray hairs and lint removed.');
    await page.getByLabel('Price 1').fill('2.50');
    await page.getByRole('button', { name: 'Add price' }).click();
    await expect(page.getByLabel('Currency 2')).toHaveValue('EUR');
    await page.getByLabel('Price 2').fill('2.25');
    await page.getByRole('button', { name: 'Add Subservice' }).click();
    await expect(page.getByText('SubService and prices created successfully')).toBeVisible();

    // The service table lists it with its subservice and both prices.
    await page.goto('/service-table');
    const row = page.getByRole('row').filter({ hasText: serviceName });
    await row.getByRole('button', { name: 'Subservices' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Fur Cleanup')).toBeVisible();
    await expect(dialog).toContainText('$2.50 / €2.25');

    // The public home page shows the new service; its detail page shows the subservice.
    const visitor = await context.browser()!.newPage();
    await visitor.goto('/');
    await expect(visitor.locator('#services').getByRole('heading', { name: serviceName })).toBeVisible();
    const { services } = listServicesResponseSchema.parse(
      await (await fetch(`${provided('gatewayUrl')}/api/services`)).json(),
    );
    const created = services.find((s) => s.name === serviceName)!;
    expect(created.subServices[0]?.prices).toEqual([
      { price: 2.5, currency: 'USD', cents: 250 },
      { price: 2.25, currency: 'EUR', cents: 225 },
    ]);
    expect(created.afterImage).toMatch(/^\/media\/images\/.+\.png$/);
    const served = await fetch(`${provided('siteUrl')}${created.afterImage}`);
    expect(served.status).toBe(200);
    await visitor.goto(`/specific-services/${created.id}`);
    await expect(visitor.getByText('Fur Cleanup').first()).toBeVisible();
  });

  test('manages the images of that service: upload with sizes, reorder by keyboard, delete selected', async ({
    page,
  }) => {
    await signInAtAdminLogin(page, 'SUPER_ADMIN');
    await page.goto('/mangageImageCaraousal');
    await page.getByLabel('Service').selectOption({ label: serviceName });
    const none = page.getByText('No images found for this service. Upload some images to get started.');
    await expect(none).toBeVisible();
    await page.getByLabel('Images to upload').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await image('#112233') },
      { name: 'second.png', mimeType: 'image/png', buffer: await image('#445566') },
    ]);
    await expect(page.getByText('2 images selected')).toBeVisible();
    await expect(page.getByText(/first\.png \(0\.00 MB\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Upload 2 Images' }).click();
    await expect(page.getByText('Images uploaded successfully!')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Images in order' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Order: 1');

    await page.getByRole('button', { name: 'Move second.png earlier' }).click();
    await expect(cards.nth(0)).toContainText('second.png');
    await expect(cards.nth(0)).toContainText('Order: 1');
    await expect(cards.nth(1)).toContainText('first.png');

    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    await expect(page.getByText('Are you sure you want to delete 2 images?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('Images deleted successfully!')).toBeVisible();
    await expect(none).toBeVisible();
  });

  test('manages gallery items on a phone: the order is prefilled to max + 1, then edit and delete', async ({
    page,
  }) => {
    // A phone's screen, in the desktop project: it works on the service the first test adds.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAtAdminLogin(page, 'SUPER_ADMIN');
    await page.goto('/manage-gallary');
    await page.getByLabel('Filter by service').selectOption({ label: serviceName });
    const none = page.getByText('No gallery items found for the selected service.');
    await expect(none).toBeVisible();
    await page.getByRole('button', { name: 'Add New Gallery Item' }).click();
    await page.getByLabel('Service *', { exact: true }).selectOption({ label: serviceName });
    await expect(page.getByLabel('Display order')).toHaveValue('1');
    await page.getByLabel('Title').fill('Golden retriever');
    await pickImage(page, 'Before image', '#663300');
    await pickImage(page, 'After image', '#ffaa00');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Gallery item added successfully! Orders have been adjusted.')).toBeVisible();
    const items = page.getByRole('list', { name: 'Gallery items' }).getByRole('listitem');
    const card = items.filter({ hasText: 'Golden retriever' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Order: 1');

    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title').fill('Golden retriever, groomed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gallery item updated successfully! Orders have been adjusted.')).toBeVisible();
    const edited = items.filter({ hasText: 'Golden retriever, groomed' });
    await edited.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Are you sure you want to delete this gallery item?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('Gallery item deleted successfully!')).toBeVisible();
    await expect(none).toBeVisible();
  });
});
