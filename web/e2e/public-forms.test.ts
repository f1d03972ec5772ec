/**
 * The public site's forms and the service gallery in headless Chromium against the local stack:
 * leads really reach the API, failures keep what the visitor typed, and the gallery pages through
 * the seeded images 50 at a time.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { listCarouselServicesResponseSchema, listServiceImagesResponseSchema } from '@studio/shared/carousel';
import { launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';
import { hydrated } from './page-support.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // The browser may already be closing (afterAll); a context closed with it needs no second close.
  page.on('close', () => void context.close().catch(() => undefined));
  await page.goto(inject('siteUrl') + path);
  // Typing into a page before it hydrates is the prerender tests' subject; these start after.
  await hydrated(page);
  return page;
}

/** The seeded service with the most carousel images (more than one page of 50). */
async function largestGallery(): Promise<{ id: string; total: number }> {
  const gateway = inject('gatewayUrl');
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

describe('service gallery', () => {
  it('shows 12, then Show More / Load More Images / Show Less through the seeded pages of 50', async () => {
    const { id, total } = await largestGallery();
    expect(total).toBeGreaterThan(50);
    const page = await openPage(`/specific-services/${id}`);
    const gallery = page.locator('.service-gallery');
    await gallery.getByText(`${total} images`).waitFor();
    const tiles = gallery.locator('.service-gallery__tile');
    expect(await tiles.count()).toBe(12);
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
    expect(await tiles.count()).toBe(24);
    while (await gallery.getByRole('button', { name: /^Show More/ }).count()) {
      await gallery.getByRole('button', { name: /^Show More/ }).click();
    }
    expect(await tiles.count()).toBe(50);
    const nextPage = page.waitForRequest((r) => r.url().includes(`/api/carousal/service/${id}?page=2&limit=50`));
    await gallery.getByRole('button', { name: 'Load More Images' }).click();
    await nextPage;
    await expect.poll(() => tiles.count()).toBe(Math.min(62, total));
    await gallery.getByRole('button', { name: 'Show Less' }).click();
    expect(await tiles.count()).toBe(12);

    // Hover names the image and its position; a click opens the viewer, Escape closes it.
    await tiles.first().hover();
    await gallery.getByText('Position: 1', { exact: true }).waitFor();
    await tiles.first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.close();
  }, 60_000);
});

describe('contact form', () => {
  async function fill(page: Page) {
    await page.getByLabel('Name *').fill('Ann Lee');
    await page.getByLabel('Email *').first().fill('ann@example.com');
    await page.getByLabel('Phone *').fill('+1 555 0100');
    await page.getByLabel('Message *').first().fill('Need 200 ring photos retouched.');
  }

  it('stores the lead, shows the success notice and clears the form', async () => {
    const page = await openPage('/contactus');
    const form = page.locator('form', { hasText: 'Send us a message' });
    await fill(page);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact/addnew'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await response).status()).toBe(201);
    await form.getByText('Your message has been sent successfully!').waitFor();
    expect(await form.getByLabel('Name *').inputValue()).toBe('');
    await page.close();
  });

  it('brings the notice into view on a phone, where it appears below the button', async () => {
    const page = await openPage('/contactus');
    await page.setViewportSize({ width: 375, height: 700 });
    const form = page.locator('form', { hasText: 'Send us a message' });
    await fill(page);
    const button = form.getByRole('button', { name: 'Send Message' });
    // The button at the bottom edge of the screen, as a visitor who has just filled the form sees it.
    await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
    await button.click();
    const notice = form.getByText('Your message has been sent successfully!');
    await notice.waitFor();
    await expect
      .poll(() => notice.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);
    await page.close();
  });

  it('does not send an incomplete form (the browser asks for the mandatory fields)', async () => {
    const page = await openPage('/contactus');
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
    await page.close();
  });

  it('keeps the input and shows the server message when sending fails', async () => {
    const page = await openPage('/contactus');
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
    await form.getByText('Service temporarily unavailable').waitFor();
    expect(await form.getByLabel('Name *').inputValue()).toBe('Ann Lee');
    expect(await form.getByLabel('Message *').inputValue()).toBe('Need 200 ring photos retouched.');
    await page.close();
  });
});

describe('free-trial form', () => {
  it('sends the request and thanks the visitor', async () => {
    const page = await openPage('/free-trial');
    const form = page.locator('form', { hasText: 'Request your free trial' });
    await form.getByLabel('Service *').selectOption({ index: 1 });
    await form.getByLabel('Image link *').fill('https://drive.example.com/photo.jpg');
    await form.getByLabel('Name *').fill('Bo Chen');
    await form.getByLabel('Email *').fill('bo@example.com');
    await form.getByLabel('TIFF').check();
    const response = page.waitForResponse((r) => r.url().endsWith('/api/free-trial-leads'));
    await form.getByRole('button', { name: 'SUBMIT' }).click();
    expect((await response).status()).toBe(201);
    await form.getByText('Thank you for your submission!').waitFor();
    await page.getByText('Thank you for your free trial request! We will contact you soon.').waitFor();
    await page.close();
  });
});

describe('footer form', () => {
  it('stores the Send Email message with both consent choices', async () => {
    const page = await openPage('/faq');
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
    await form.getByText('Your message has been sent successfully!').waitFor();
    await page.close();
  });
});
