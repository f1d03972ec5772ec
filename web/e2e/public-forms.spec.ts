/**
 * The public site's forms and the service gallery in headless Chromium against the local stack:
 * leads really reach the API, failures keep what the visitor typed, and the gallery pages through
 * the seeded images 50 at a time.
 */
import type { Page } from '@playwright/test';
import { listCarouselServicesResponseSchema, listServiceImagesResponseSchema } from '@studio/shared/carousel';
import { expect, provided, test } from './fixtures.ts';
import { hydrated } from './page-support.ts';

test.use({ reducedMotion: 'reduce' });

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Typing into a page before it hydrates is the prerender tests' subject; these start after.
  await hydrated(page);
}

/** The seeded service with the most carousel images (more than one page of 50). */
async function largestGallery(): Promise<{ id: string; total: number }> {
  const gateway = provided('gatewayUrl');
  const { services } = listCarouselServicesResponseSchema.parse(
    await (await fetch(`${gateway}/api/carousal/services`)).json(),
  );
  let best = { id: '', total: -1 };
  for (const service of services) {
    const body = listServiceImagesResponseSchema.parse(
      await (await fetch(`${gateway}/api/carousal/service/${service.id}?page=1&limit=1`)).json(),
    );
    if (body.total > best.total) best = { id: service.id, total: body.total };
  }
  return best;
}

test.describe('service gallery', () => {
  test('shows 12, then Show More / Load More Images / Show Less through the seeded pages of 50', async ({ page }) => {
    const { id, total } = await largestGallery();
    expect(total).toBeGreaterThan(50);
    await open(page, `/specific-services/${id}`);
    const gallery = page.locator('.service-gallery');
    await expect(gallery.getByText(`${total} images`)).toBeVisible();
    const tiles = gallery.locator('.service-gallery__tile');
    await expect(tiles).toHaveCount(12);
    // Each tile's picture (its width variants) fills the square tile, cropped.
    const fit = await tiles
      .first()
      .locator('img')
      .evaluate((img) => {
        const tile = img.closest('button')!.getBoundingClientRect();
        const box = img.getBoundingClientRect();
        return {
          objectFit: getComputedStyle(img).objectFit,
          fills: box.width === tile.width && box.height === tile.height,
        };
      });
    expect(fit).toEqual({ objectFit: 'cover', fills: true });
    await gallery.getByRole('button', { name: 'Show More (38 more)' }).click();
    await expect(tiles).toHaveCount(24);
    for (const shown of [36, 48, 50]) {
      await gallery.getByRole('button', { name: /^Show More/ }).click();
      await expect(tiles).toHaveCount(shown);
    }
    await expect(gallery.getByRole('button', { name: /^Show More/ })).toHaveCount(0);
    const nextPage = page.waitForRequest((r) => r.url().includes(`/api/carousal/service/${id}?page=2&limit=50`));
    await gallery.getByRole('button', { name: 'Load More Images' }).click();
    await nextPage;
    await expect(tiles).toHaveCount(Math.min(62, total));
    await gallery.getByRole('button', { name: 'Show Less' }).click();
    await expect(tiles).toHaveCount(12);

    // Hover names the image and its position; a click opens the viewer, Escape closes it.
    await tiles.first().hover();
    await expect(gallery.getByText('Position: 1', { exact: true })).toBeVisible();
    await tiles.first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('contact form', () => {
  async function fill(page: Page) {
    await page.getByLabel('Name *').fill('Ann Lee');
    await page.getByLabel('Email *').first().fill('ann@example.com');
    await page.getByLabel('Phone *').fill('+1 555 0100');
    await page.getByLabel('Message *').first().fill('Need 200 ring photos retouched.');
  }

  test('stores the lead, shows the success notice and clears the form', async ({ page }) => {
    await open(page, '/contactus');
    const form = page.locator('form', { hasText: 'Send us a message' });
    await fill(page);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact/addnew'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await response).status()).toBe(201);
    await expect(form.getByText('Your message has been sent successfully!')).toBeVisible();
    await expect(form.getByLabel('Name *')).toHaveValue('');
  });

  test(
    'brings the notice into view on a phone, where it appears below the button',
    { tag: '@phone' },
    async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 700 });
      await open(page, '/contactus');
      const form = page.locator('form', { hasText: 'Send us a message' });
      await fill(page);
      const button = form.getByRole('button', { name: 'Send Message' });
      // The button at the bottom edge of the screen, as a visitor who has just filled the form sees it.
      await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
      await button.click();
      const notice = form.getByText('Your message has been sent successfully!');
      await expect(notice).toBeVisible();
      await expect(notice).toBeInViewport({ ratio: 1 });
    },
  );

  test('does not send an incomplete form (the browser asks for the mandatory fields)', async ({ page }) => {
    await open(page, '/contactus');
    const form = page.locator('form', { hasText: 'Send us a message' });
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST') posted += 1;
    });
    await form.getByLabel('Name *').fill('Ann');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByLabel('Email *').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await form.getByLabel('Email *').fill('not-an-email');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByLabel('Email *').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(posted).toBe(0);
  });

  test('keeps the input and shows the server message when sending fails', async ({ page }) => {
    await open(page, '/contactus');
    await page.route('**/api/contact/addnew', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'UNAVAILABLE', message: 'Service temporarily unavailable' }),
      }),
    );
    const form = page.locator('form', { hasText: 'Send us a message' });
    await fill(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Service temporarily unavailable')).toBeVisible();
    await expect(form.getByLabel('Name *')).toHaveValue('Ann Lee');
    await expect(form.getByLabel('Message *')).toHaveValue('Need 200 ring photos retouched.');
  });
});

test.describe('free-trial form', () => {
  test('sends the request and thanks the visitor', async ({ page }) => {
    await open(page, '/free-trial');
    const form = page.locator('form', { hasText: 'Request your free trial' });
    await form.getByLabel('Service *').selectOption({ index: 1 });
    await form.getByLabel('Image link *').fill('https://drive.example.com/photo.jpg');
    await form.getByLabel('Name *').fill('Bo Chen');
    await form.getByLabel('Email *').fill('bo@example.com');
    await form.getByLabel('TIFF').check();
    const response = page.waitForResponse((r) => r.url().endsWith('/api/free-trial-leads'));
    await form.getByRole('button', { name: 'SUBMIT' }).click();
    expect((await response).status()).toBe(201);
    await expect(form.getByText('Thank you for your submission!')).toBeVisible();
    await expect(page.getByText('Thank you for your free trial request! We will contact you soon.')).toBeVisible();
  });
});

test.describe('footer form', () => {
  test('stores the Send Email message with both consent choices', async ({ page }) => {
    await open(page, '/faq');
    const form = page.locator('form', { hasText: 'Send Email' });
    await form.getByLabel('Name').fill('Cy');
    await form.getByLabel('Email *').fill('cy@example.com');
    await form.getByLabel('Message *').fill('Please call me back.');
    await form.getByLabel(/consent to the processing/).check();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact/addnew'));
    await form.getByRole('button', { name: 'Send Email' }).click();
    expect((await request).postDataJSON()).toEqual({
      source: 'footer',
      name: 'Cy',
      email: 'cy@example.com',
      description: 'Please call me back.',
      consentPersonalData: true,
      consentOffers: false,
      website: '',
    });
    await expect(form.getByText('Your message has been sent successfully!')).toBeVisible();
  });
});
