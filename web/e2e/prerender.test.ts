/**
 * The production build (`npm run build`): public pages are prerendered HTML a crawler reads without
 * JavaScript (title, description, canonical, Open Graph, Twitter, the page's own content), with
 * sitemap.xml and robots.txt; in the browser the app hydrates them with no error and takes over.
 * Built into a folder of its own and served as the CDN serves it, with the suite's API behind it.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { earlyReadsScript } from '@studio/shared/early-reads-script';
import { heroPoster } from '@studio/shared/first-screen';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { sitePages } from '@studio/shared/site-pages';
import { freePort } from '../../scripts/local/processes.ts';
import { localNames } from '../../scripts/local/provision.ts';
import { startSiteServer } from '../../scripts/local/site-server.ts';
import { holdRequests, launchChromium } from '../../scripts/test-setup/browser.ts';
import '../../scripts/test-setup/provided-context.ts';
import { buildSite } from '../build/build-site.ts';
import { axeViolations } from './axe.ts';

let outDir: string;
let site: Awaited<ReturnType<typeof startSiteServer>>;
let browser: Browser;
let services: Service[];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'studio-site-'));
  const port = await freePort();
  const previous = process.env.STUDIO_CATALOGUE_API;
  process.env.STUDIO_CATALOGUE_API = inject('gatewayUrl');
  try {
    await buildSite({ siteUrl: `http://127.0.0.1:${port}`, outDir, logLevel: 'silent' });
  } finally {
    if (previous === undefined) delete process.env.STUDIO_CATALOGUE_API;
    else process.env.STUDIO_CATALOGUE_API = previous;
  }
  site = await startSiteServer({
    dist: outDir,
    port,
    gatewayUrl: inject('gatewayUrl'),
    s3Url: inject('s3Endpoint'),
    mediaBucket: localNames.mediaBucket,
  });
  browser = await launchChromium();
  const response = await fetch(`${inject('gatewayUrl')}/api/services`);
  services = listServicesResponseSchema.parse(await response.json()).services;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function html(pathname: string): Promise<string> {
  const response = await fetch(site.url + pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  return response.text();
}

const attribute = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];

describe('prerendered HTML', () => {
  it('gives every public page its own title, description, canonical and social tags', async () => {
    for (const page of sitePages) {
      const text = await html(page.path);
      const escaped = page.title.replace(/&/g, '&amp;');
      expect(text, page.path).toContain(`<title>${escaped}</title>`);
      expect(text.match(/<title>/g), page.path).toHaveLength(1);
      expect(attribute(text, /<meta name="description" content="([^"]*)"/), page.path).toBe(page.description);
      const canonical = `${site.url}${page.canonical ?? page.path}`;
      expect(attribute(text, /<link rel="canonical" href="([^"]*)"/), page.path).toBe(canonical);
      expect(attribute(text, /<meta property="og:url" content="([^"]*)"/), page.path).toBe(canonical);
      expect(attribute(text, /<meta property="og:title" content="([^"]*)"/), page.path).toBe(escaped);
      expect(attribute(text, /<meta property="og:image" content="([^"]*)"/), page.path).toBe(
        `${site.url}/og-image.png`,
      );
      expect(attribute(text, /<meta name="twitter:card" content="([^"]*)"/), page.path).toBe('summary_large_image');
      // The page itself is in the HTML, not an empty root.
      expect(text, page.path).toMatch(/<div id="root">[\s\S]*<header class="site-header/);
      expect(text, page.path).toMatch(/<h1[ >]/);
      expect(text, page.path).toContain('<footer');
    }
  });

  it("holds each page's own content, the data sections in their loading state", async () => {
    const home = await html('/');
    expect(home).toContain('Hair Masking');
    expect(home).toContain('Who We Are');
    expect(home).toContain('Our Services');
    const faq = await html('/faq');
    expect(faq).toContain('How is my image retouched?');
    const detail = await html(`/specific-services/${services[0]!.id}`);
    expect(detail).toContain('Loading...');
    // One template serves every service, so it names no canonical URL of its own.
    expect(detail).not.toContain('rel="canonical"');
  });

  it('serves the empty app shell, not for search engines, to every other route', async () => {
    for (const pathname of ['/dashboard', '/admin', '/signin', '/no-such-page']) {
      const text = await html(pathname);
      expect(text, pathname).toContain('<div id="root"></div>');
      expect(text, pathname).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('loads the first screen first: stylesheet, hero backdrop, then the scripts at low priority', async () => {
    const home = await html('/');
    const head = home.slice(0, home.indexOf('</head>'));
    // The early-reads script comes first, the stylesheet next; the backdrop is preloaded and in the body.
    expect(head.indexOf(`<script>${earlyReadsScript}</script>`)).toBeGreaterThan(0);
    expect(head.indexOf(`<script>${earlyReadsScript}</script>`)).toBeLessThan(head.indexOf('rel="stylesheet"'));
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
    expect(head).toMatch(
      new RegExp(
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${heroPoster}-400w\\.avif 400w, [^"]+" imagesizes="100vw" fetchpriority="high" />`,
      ),
    );
    expect(home).toMatch(new RegExp(`<img src="${heroPoster}-1600w\\.webp"[^>]*fetchpriority="high"`, 'i'));
    for (const tag of head.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? []) {
      expect(tag).toContain('fetchpriority="low"');
    }
    // React and the router are preloaded too, not found only once the entry script has arrived.
    expect(head).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/vendor-[^"]+\.js" fetchpriority="low" \/>/,
    );
    // The service page is drawn by the app: its scripts keep their normal priority.
    const detail = await html(`/specific-services/${services[0]!.id}`);
    expect(detail).toContain(`<script>${earlyReadsScript}</script>`);
    expect(detail).not.toContain('fetchpriority="low"');
    // Pages whose first screen is not behind an API read carry no inline script.
    expect(await html('/faq')).not.toContain(`<script>${earlyReadsScript}</script>`);
    // The site server's policy allows exactly that inline script.
    const response = await fetch(`${site.url}/`);
    const hash = createHash('sha256').update(earlyReadsScript).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('lists the canonical pages and every service in sitemap.xml, and robots.txt points to it', async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain(`${site.url}/`);
    expect(locations).toContain(`${site.url}/suit/pricing`);
    expect(locations).not.toContain(`${site.url}/full-services`);
    for (const service of services) expect(locations).toContain(`${site.url}/specific-services/${service.id}`);
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
  });
});

/** Opens `pathname` in a fresh context; collects console errors and warnings and every request's URL. */
async function open(pathname: string, options: { javaScript?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // The browser may already be closing (afterAll); a context closed with it needs no second close.
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const requests: URL[] = [];
  page.on('request', (request) => requests.push(new URL(request.url())));
  await page.goto(site.url + pathname);
  return { page, errors, requests };
}

async function closeAll(...pages: Page[]) {
  await Promise.all(pages.map((page) => page.close()));
}

describe('in the browser', () => {
  it('shows the page without JavaScript', async () => {
    const { page } = await open('/', { javaScript: false });
    expect(
      await page
        .getByRole('heading', {
          level: 1,
          name: 'Photo editing and retouching for e-commerce, photographers and agencies',
        })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Try Us Free' }).isVisible()).toBe(true);
    await closeAll(page);
  });

  it('hydrates the home page without an error, then the app takes over', async () => {
    const { page, errors } = await open('/');
    // Data arrives only once the app runs: the services and the hero slides.
    await page.getByRole('link', { name: 'View More' }).first().waitFor();
    const hero = page.locator('.hero-carousel__slide').first();
    await hero.locator('img').waitFor();
    expect(await hero.locator('source[type="image/avif"]').getAttribute('srcset')).toMatch(/-400w\.avif 400w/);
    const firstImage = hero.locator('img');
    expect(await firstImage.getAttribute('loading')).toBe('eager');
    expect(await firstImage.getAttribute('fetchpriority')).toBe('high');
    // The variant really is there, and an AVIF.
    const avif = await fetch(
      site.url + (await firstImage.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)),
    );
    expect(avif.headers.get('content-type')).toMatch(/image\/(avif|webp)/);
    // One page, not the prerendered one plus a second rendering of it.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // Client-side navigation works.
    await page.getByRole('link', { name: 'Career' }).first().click();
    await page.waitForURL((url) => url.pathname === '/career');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(errors).toEqual([]);
    await closeAll(page);
  });

  it('reads the hero slides once, preloads the first before the app runs, then covers the backdrop', async () => {
    const { page, errors, requests } = await open('/');
    const hero = page.locator('.hero-carousel__slide').first();
    await hero.locator('img').waitFor();
    await page.locator('.hero-carousel__poster[data-covered="true"]').waitFor({ state: 'attached' });
    // The early-reads script preloaded the slide the <picture> then shows: the same file, fetched once.
    const shown = new URL(await hero.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    const preloaded = await page.evaluate(() =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
        (link) => link.getAttribute('imagesrcset') ?? '',
      ),
    );
    expect(preloaded.some((srcset) => srcset.includes(`${shown} `))).toBe(true);
    expect(requests.filter((url) => url.pathname === shown)).toHaveLength(1);
    // The app took the script's answer over instead of asking again.
    expect(requests.filter((url) => url.pathname === '/api/slider-images')).toHaveLength(1);
    expect(errors).toEqual([]);
    await closeAll(page);
  });

  it('reads a service once on its page, with the banner preloaded by the early-reads script', async () => {
    const service = services[2]!;
    const { page, errors, requests } = await open(`/specific-services/${service.id}`, { width: 375 });
    await page.getByRole('heading', { level: 1, name: service.name }).waitFor();
    await page.locator('.service-banner__image').evaluate((img: HTMLImageElement) => img.decode());
    expect(requests.filter((url) => url.pathname === `/api/services/${service.id}`)).toHaveLength(1);
    const shown = new URL(
      await page.locator('.service-banner__image').evaluate((img: HTMLImageElement) => img.currentSrc),
    ).pathname;
    expect(shown).toMatch(/-\d+w\.avif$/);
    expect(requests.filter((url) => url.pathname === shown)).toHaveLength(1);
    expect(errors).toEqual([]);
    await closeAll(page);
  });

  it('hydrates the service template for any service and shows that service', async () => {
    const service = services[1]!;
    const { page, errors } = await open(`/specific-services/${service.id}`, { width: 375 });
    await page.getByRole('heading', { level: 1, name: service.name }).waitFor();
    expect(await page.title()).toBe(`${service.name} — Retouch Studio`);
    expect(errors).toEqual([]);
    await closeAll(page);
  });

  it('keeps what a visitor typed into a form before the app loaded', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // The scripts wait until the visitor has typed, as on a slow phone.
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto(`${site.url}/contactus`, { waitUntil: 'commit' });
    const contact = page.locator('form', { hasText: 'Send us a message' });
    const footer = page.locator('form', { hasText: 'Send Email' });
    await contact.getByLabel('Name *').fill('Ann Lee');
    await contact.getByLabel('Message *').fill('Typed before the app loaded.');
    await footer.getByLabel('Email *').fill('early@example.com');
    await footer.getByLabel(/consent to the processing/).check();
    release();
    // The services arrive once the app runs and the form renders again with them.
    await expect
      .poll(() => contact.locator('select[name="service"] option').count(), { timeout: 15_000 })
      .toBeGreaterThan(1);
    expect(await contact.getByLabel('Name *').inputValue()).toBe('Ann Lee');
    expect(await contact.getByLabel('Message *').inputValue()).toBe('Typed before the app loaded.');
    expect(await footer.getByLabel('Email *').inputValue()).toBe('early@example.com');
    expect(await footer.getByLabel(/consent to the processing/).isChecked()).toBe(true);
    // And it is what the form sends.
    await contact.getByLabel('Email *').fill('ann@example.com');
    await contact.getByLabel('Phone *').fill('+1 555 0100');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact/addnew'));
    await contact.getByRole('button', { name: 'Send Message' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      name: 'Ann Lee',
      description: 'Typed before the app loaded.',
    });
    await context.close();
  });

  it('has no accessibility violation on the hydrated home page and service page', async () => {
    for (const pathname of ['/', `/specific-services/${services[0]!.id}`]) {
      const { page } = await open(pathname);
      await page.getByRole('link', { name: 'View More' }).first().or(page.locator('.service-banner')).first().waitFor();
      expect(await axeViolations(page), pathname).toEqual([]);
      await closeAll(page);
    }
  });
});
