/**
 * The public pages as rendered HTML a crawler reads without JavaScript (title, description,
 * canonical, Open Graph, Twitter, structured data, the page's own content and its data), with
 * sitemap.xml and robots.txt; in the browser the app hydrates them from the data they carry, with
 * no API call and no error. Two sites from the suite's one production build: as published (the
 * site publisher's release, rendered with the table's data, in a bucket of this test's own) and
 * as built (the build's own pages, without data: what is served before the first release). Each is
 * served as the CDN serves it, with the suite's API behind it.
 */
import { createHash } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Page } from '@playwright/test';
import { heroPoster } from '@studio/shared/first-screen';
import { listJobOpeningsResponseSchema } from '@studio/shared/job-opening';
import { lowestStartingPrice, pricingResponseSchema } from '@studio/shared/pricing';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { sessionMarkScript } from '@studio/shared/session-mark';
import { pricingDescription, sitePages } from '@studio/shared/site-pages';
import { useHandlerEnv } from '../../functions/test/integration/handler-env.ts';
import { freePort } from '../../scripts/local/processes.ts';
import { localNames, s3Client } from '../../scripts/local/provision.ts';
import { startSitePublisher } from '../../scripts/local/site-publisher.ts';
import { startSiteServer } from '../../scripts/local/site-server.ts';
import { holdRequests } from '../../scripts/test-setup/browser.ts';
import { expect, provided, sharedStateLock, test } from './fixtures.ts';
import { hydrated, sectionHydrated } from './page-support.ts';
import { checkStructuredData, structuredData } from './structured-data.ts';

// Never beside another shared-state file (playwright.config.ts): this one publishes the live catalogue and
// slides, and checks the exact slides and the seeded FAQ.
test.describe.configure({ lock: sharedStateLock });

type Site = Awaited<ReturnType<typeof startSiteServer>>;

/** As published: every page with its data. */
let site: Site;
/** As built, before the first release: the data sections render loading and the app reads them. */
let bare: Site;
let services: Service[];

async function serve(port: number, siteBucket?: string): Promise<Site> {
  return startSiteServer({
    dist: provided('siteBuild').outDir,
    port,
    gatewayUrl: provided('gatewayUrl'),
    s3Url: provided('s3Endpoint'),
    mediaBucket: localNames.mediaBucket,
    siteBucket,
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  useHandlerEnv();
  // The publisher's S3 client is made as its module loads: path-style for the emulator.
  process.env.S3_FORCE_PATH_STYLE = 'true';
  const siteBucket = `studio-site-prerender-${Date.now().toString(36)}`;
  await s3Client(provided('s3Endpoint')).send(new CreateBucketCommand({ Bucket: siteBucket }));
  const port = await freePort();
  // One release, as the publisher makes it; this test reads no stream.
  await startSitePublisher({
    dynamoEndpoint: provided('dynamoEndpoint'),
    rendererDir: provided('siteBuild').rendererDir,
    siteUrl: `http://127.0.0.1:${port}`,
    siteBucket,
    deadLetterDir: '/dev/null',
    listen: false,
  });
  site = await serve(port, siteBucket);
  bare = await serve(await freePort());
  // The catalogue as the release has it (other suites change it meanwhile).
  services = listServicesResponseSchema.parse({ services: await pageData('/', ['services']) }).services;
});

test.afterAll(async () => {
  await site?.close();
  await bare?.close();
});

/** The answer to one read, as the published page at `pathname` carries it for the app. */
async function pageData(pathname: string, queryKey: unknown[]): Promise<unknown> {
  const text = await (await fetch(site.url + pathname)).text();
  const json = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(text)?.[1];
  const data = JSON.parse(json!) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  const query = data.queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(queryKey));
  if (!query) throw new Error(`${pathname} carries no ${JSON.stringify(queryKey)}`);
  return query.state.data;
}

async function html(pathname: string, from: Site = site): Promise<string> {
  const response = await fetch(from.url + pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  return response.text();
}

const attribute = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test.describe('rendered HTML', () => {
  test('gives every public page its own title, description, canonical and social tags', async () => {
    for (const page of sitePages) {
      const text = await html(page.path);
      const title = escaped(page.title);
      expect(text, page.path).toContain(`<title>${title}</title>`);
      expect(text.match(/<title>/g), page.path).toHaveLength(1);
      const description = attribute(text, /<meta name="description" content="([^"]*)"/);
      if (page.path === '/suit/pricing') {
        // Named from the catalogue: the lowest "Price Starts" of the published page's data.
        const pricing = pricingResponseSchema.parse({ services: await pageData(page.path, ['pricing']) });
        const lowest = lowestStartingPrice(pricing.services);
        expect(lowest).not.toBeNull();
        expect(description, page.path).toBe(pricingDescription(lowest));
        expect(description, page.path).toContain(`from ${lowest} per image`);
      } else expect(description, page.path).toBe(page.description);
      const canonical = `${site.url}${page.canonical ?? page.path}`;
      expect(attribute(text, /<link rel="canonical" href="([^"]*)"/), page.path).toBe(canonical);
      expect(attribute(text, /<meta property="og:url" content="([^"]*)"/), page.path).toBe(canonical);
      expect(attribute(text, /<meta property="og:title" content="([^"]*)"/), page.path).toBe(title);
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

  test("holds each page's data: services, prices, openings", async () => {
    const home = await html('/');
    expect(home).toContain('Hair Masking');
    expect(home).toContain('Who We Are');
    for (const service of services) expect(home).toContain(escaped(service.name));
    const pricing = pricingResponseSchema.parse({ services: await pageData('/suit/pricing', ['pricing']) });
    expect(pricing.services.map((s) => s.id).sort()).toEqual(services.map((s) => s.id).sort());
    const pricingPage = await html('/suit/pricing');
    for (const feature of pricing.services.flatMap((s) => s.features)) expect(pricingPage).toContain(escaped(feature));
    const openings = listJobOpeningsResponseSchema.parse(await pageData('/career', ['job-openings']));
    expect(openings.length).toBeGreaterThan(0);
    const career = await html('/career');
    for (const opening of openings) expect(career).toContain(escaped(opening.title));
    expect(await html('/faq')).toContain('How is my image retouched?');
  });

  test('gives each service a page of its own: title, description, canonical, link preview, subservices and prices', async () => {
    const service = services[0]!;
    const text = await html(`/specific-services/${service.id}`);
    const title = escaped(`${service.name} — Retouch Studio`);
    const url = `${site.url}/specific-services/${service.id}`;
    expect(text).toContain(`<title>${title}</title>`);
    expect(attribute(text, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    expect(attribute(text, /<meta name="twitter:title" content="([^"]*)"/)).toBe(title);
    expect(attribute(text, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(attribute(text, /<meta property="og:url" content="([^"]*)"/)).toBe(url);
    expect(attribute(text, /<meta property="og:image" content="([^"]*)"/)).toBe(`${site.url}${service.afterImage}`);
    expect(attribute(text, /<meta name="twitter:image" content="([^"]*)"/)).toBe(`${site.url}${service.afterImage}`);
    expect(attribute(text, /<meta name="description" content="([^"]*)"/)).toBe(escaped(service.description));
    expect(text).toMatch(new RegExp(`<h1 class="service-banner__title">${escaped(service.name)}</h1>`));
    expect(text).not.toContain('Loading...');
    for (const sub of service.subServices) {
      expect(text).toContain(escaped(sub.name));
      const usd = sub.prices.find((price) => price.currency === 'USD');
      if (usd) expect(text).toContain(`$${(usd.cents / 100).toFixed(2)}`);
    }
    // The banner image is in the HTML for the browser's preload scanner to find.
    expect(text).toMatch(
      /<img[^>]*class="service-banner__image"[^>]*fetchpriority="high"|<img[^>]*fetchpriority="high"[^>]*class="service-banner__image"/i,
    );
  });

  test('describes the studio, breadcrumbs, services with offers, the FAQ and each opening as valid structured data', async () => {
    const seen = new Set<string>();
    const pagesToCheck = [...sitePages.map((page) => page.path), `/specific-services/${services[0]!.id}`];
    for (const pathname of pagesToCheck) {
      const items = structuredData(await html(pathname));
      expect(
        items.map((item) => item['@type']),
        pathname,
      ).toContain('LocalBusiness');
      if (pathname !== '/')
        expect(
          items.map((item) => item['@type']),
          pathname,
        ).toContain('BreadcrumbList');
      for (const item of items) {
        expect(checkStructuredData(item), `${pathname} ${String(item['@type'])}`).toEqual([]);
        seen.add(String(item['@type']));
      }
    }
    expect([...seen].sort()).toEqual(['BreadcrumbList', 'FAQPage', 'JobPosting', 'LocalBusiness', 'Service']);
    const service = services.find((s) => s.subServices.some((sub) => sub.prices.length > 0))!;
    const offers = structuredData(await html(`/specific-services/${service.id}`)).find(
      (item) => item['@type'] === 'Service',
    )!.offers as { price: string; priceCurrency: string }[];
    expect(offers).toHaveLength(service.subServices.reduce((sum, sub) => sum + sub.prices.length, 0));
    const openings = await pageData('/career', ['job-openings']);
    const postings = structuredData(await html('/career')).filter((item) => item['@type'] === 'JobPosting');
    expect(postings.map((p) => p.title).sort()).toEqual(
      listJobOpeningsResponseSchema
        .parse(openings)
        .map((o) => o.title)
        .sort(),
    );
  });

  test('serves the empty app shell, not for search engines, to every other route', async () => {
    for (const pathname of ['/dashboard', '/admin', '/signin', '/no-such-page']) {
      const text = await html(pathname);
      expect(text, pathname).toContain('<div id="root"></div>');
      expect(text, pathname).toContain('<meta name="robots" content="noindex" />');
    }
  });

  test('loads the first screen first: stylesheet, first slide, then the scripts at low priority; one inline script', async () => {
    const home = await html('/');
    const head = home.slice(0, home.indexOf('</head>'));
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('type="module"'));
    // The first slide's picture is the first image of the published page: no backdrop under it,
    // nothing preloaded before it.
    expect(home).not.toContain(heroPoster);
    expect(head).not.toContain('rel="preload" as="image"');
    expect(/<img [^>]*>/i.exec(home)?.[0]).toMatch(
      /src="\/media\/slides\/[^"]+"[^>]*loading="eager"[^>]*fetchpriority="high"/i,
    );
    // The build's own page, without the slides, draws the built-in backdrop, preloaded.
    const bareHome = await html('/', bare);
    expect(bareHome).toMatch(
      new RegExp(
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${heroPoster}-400w\\.avif 400w, [^"]+" imagesizes="100vw" fetchpriority="high" />`,
      ),
    );
    expect(bareHome).toMatch(new RegExp(`<img src="${heroPoster}-1600w\\.webp"[^>]*fetchpriority="high"`, 'i'));
    for (const pathname of ['/', `/specific-services/${services[0]!.id}`, '/career']) {
      const text = await html(pathname);
      const pageHead = text.slice(0, text.indexOf('</head>'));
      // The app's code is fetched once the page has loaded (main.tsx): nothing preloads it, the
      // entry's script lists its chunks (React and the router among them, and the page's own).
      expect(pageHead, pathname).not.toContain('rel="modulepreload"');
      const scripts = pageHead.match(/<script\b[^>]*type="module"[^>]*>/g) ?? [];
      expect(scripts, pathname).toHaveLength(1);
      expect(scripts[0], pathname).toContain('fetchpriority="low"');
      const chunks = /data-chunks="([^"]+)"/.exec(scripts[0]!)?.[1]?.split(' ') ?? [];
      expect(
        chunks.some((chunk) => /^\/assets\/vendor-[\w-]+\.js$/.test(chunk)),
        pathname,
      ).toBe(true);
      expect(
        chunks.some((chunk) => /^\/assets\/start-[\w-]+\.js$/.test(chunk)),
        pathname,
      ).toBe(true);
      // A page with its data preloads no API read; its only scripts are data blocks and modules.
      expect(pageHead, pathname).not.toContain('as="fetch"');
      // One inline script, the signed-in mark, before the stylesheet (after it, it would wait for it).
      const mark = `<script>${sessionMarkScript}</script>`;
      expect(text.split(mark), pathname).toHaveLength(2);
      expect(pageHead.indexOf(mark), pathname).toBeGreaterThan(-1);
      expect(pageHead.indexOf(mark), pathname).toBeLessThan(pageHead.indexOf('rel="stylesheet"'));
      for (const tag of text.replace(mark, '').match(/<script\b[^>]*>/g) ?? []) {
        expect(tag, pathname).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
      }
    }
    const response = await fetch(`${site.url}/`);
    const markHash = createHash('sha256').update(sessionMarkScript).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${markHash}';`);
    // The hero's first slide has its picture in the HTML; the six others get theirs once the page has loaded.
    const slides = home.match(/<div class="hero-carousel__slide"[^>]*>(<picture|<img)?/g) ?? [];
    expect(slides).toHaveLength(7);
    expect(slides.filter((slide) => slide.endsWith('<picture') || slide.endsWith('<img'))).toHaveLength(1);
    // A page opening with a before/after slider fetches its first one at once (the largest paint),
    // the others lazily.
    for (const pathname of ['/suit/pricing', '/services2']) {
      // (React writes the attribute as fetchPriority; HTML attribute names are case-insensitive.)
      const images = ((await html(pathname)).match(/<img[^>]*class="ba-slider__image"[^>]*>/g) ?? []).map((tag) =>
        tag.toLowerCase(),
      );
      expect(images.length, pathname).toBeGreaterThan(1);
      expect(images[0], pathname).toContain('fetchpriority="high"');
      expect(images[0], pathname).not.toContain('loading="lazy"');
      for (const image of images.slice(1)) {
        expect(image, pathname).toContain('loading="lazy"');
        expect(image, pathname).not.toContain('fetchpriority');
      }
    }
  });

  test('lists the canonical pages and every service in sitemap.xml, and robots.txt points to it', async () => {
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

/**
 * Opens `pathname` of the published site (or `from`) on `page`, until the network is quiet; collects
 * console errors and warnings and every request's URL.
 */
async function open(page: Page, pathname: string, from: Site = site) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  const requests: URL[] = [];
  page.on('request', (request) => requests.push(new URL(request.url())));
  await page.goto(from.url + pathname, { waitUntil: 'networkidle' });
  return { errors, requests, api: () => requests.filter((url) => url.pathname.startsWith('/api/')) };
}

test.describe('in the browser', () => {
  test.use({ reducedMotion: 'reduce' });

  test('shows the page without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, '/');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Photo editing and retouching for e-commerce, photographers and agencies',
      }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Us Free' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View More' }).first()).toBeVisible();
    await context.close();
  });

  const pagesToOpen: { name: string; path: () => string }[] = [
    ...sitePages.map((page) => ({ name: page.path, path: () => page.path })),
    { name: 'a service page', path: () => `/specific-services/${services[0]!.id}` },
    { name: 'another service page', path: () => `/specific-services/${services[1]!.id}` },
  ];
  for (const entry of pagesToOpen) {
    test(
      `loads ${entry.name} with no API request and hydrates it without a mismatch or any error`,
      { tag: '@phone' },
      async ({ page }) => {
        const pathname = entry.path();
        const { errors, api } = await open(page, pathname);
        await hydrated(page);
        // Interactive: the app handles a click on the navbar's menu button.
        const menu = page.getByRole('button', { name: 'Menu', exact: true });
        await menu.click();
        await expect(menu, pathname).toHaveAttribute('aria-expanded', 'true');
        expect(
          api().map((url) => url.pathname),
          pathname,
        ).toEqual([]);
        expect(errors, pathname).toEqual([]);
      },
    );
  }

  test(
    "fetches the app's code once the page has loaded, then hydrates; the app shell starts at once",
    { tag: '@phone' },
    async ({ context }) => {
      for (const pathname of ['/', '/suit/pricing']) {
        const page = await context.newPage();
        const { errors } = await open(page, pathname);
        await hydrated(page);
        const timing = await page.evaluate(() => ({
          load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
          chunks: performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/(react-dom|vendor|start)-[\w-]+\.js$/.test(entry.name))
            .map((entry) => entry.startTime),
        }));
        expect(timing.load, pathname).toBeGreaterThan(0);
        expect(timing.chunks, pathname).toHaveLength(3);
        for (const startTime of timing.chunks) expect(startTime, pathname).toBeGreaterThanOrEqual(timing.load);
        expect(errors, pathname).toEqual([]);
        await page.close();
      }
      // The sign-in page is the empty app shell: nothing to show before the app renders it.
      const page = await context.newPage();
      await open(page, '/signin');
      await hydrated(page);
      const shell = await page.evaluate(() => ({
        load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        vendor: performance.getEntriesByType('resource').find((entry) => /\/assets\/vendor-/.test(entry.name))
          ?.startTime,
      }));
      expect(shell.vendor).toBeLessThan(shell.load);
    },
  );

  test('hydrates the home page, then the app takes over: client-side navigation', async ({ page }) => {
    const { errors } = await open(page, '/');
    await hydrated(page);
    const hero = page.locator('.hero-carousel__slide').first();
    await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /-400w\.avif 400w/);
    const firstImage = hero.locator('img');
    await expect(firstImage).toHaveAttribute('loading', 'eager');
    await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
    // One page, not the rendered one plus a second rendering of it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('link', { name: 'Career' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/career');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("draws the footer's marks from one sprite named by its content, cached for good: page changes do not ask again", async ({
    page,
  }) => {
    const { errors, requests } = await open(page, '/');
    await hydrated(page);
    const sprites = () => requests.filter((url) => url.pathname.includes('footer-icons'));
    expect(sprites().map((url) => url.pathname)).toEqual([
      expect.stringMatching(/^\/assets\/footer-icons-[\w-]+\.svg$/),
    ]);
    const sprite = await fetch(new URL(sprites()[0]!.pathname, site.url));
    expect(sprite.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sprite.headers.get('content-type')).toContain('image/svg+xml');
    for (const [link, heading] of [
      ['Career', 'Join Our Team'],
      ['Contact Us', 'How can we help?'],
      ['Home', 'Photo editing and retouching for e-commerce, photographers and agencies'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.locator('.site-footer__social').scrollIntoViewIfNeeded();
      await expect(page.getByRole('img', { name: 'Instagram' })).toBeVisible();
    }
    expect(sprites()).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test(
    'loads and hydrates the sections below the first screen as they come near: then they work',
    { tag: '@phone' },
    async ({ page }) => {
      const { errors, requests, api } = await open(page, '/');
      await hydrated(page);
      const footerCode = () => requests.some((url) => /\/assets\/site-footer-[^/]+\.js$/.test(url.pathname));
      // In the HTML from the start; the footer's code is not loaded with the page.
      const footer = page.locator('form', { hasText: 'Send Email' });
      await expect(footer.getByLabel('Email *')).toHaveCount(1);
      expect(footerCode()).toBe(false);

      // A before/after slider, hydrated once near: it answers the keyboard.
      const slider = page.getByRole('slider').first();
      await expect(slider).toHaveAttribute('aria-valuenow', '50');
      await slider.scrollIntoViewIfNeeded();
      await sectionHydrated(slider);
      await slider.focus();
      await slider.press('ArrowRight');
      await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(50);
      expect(api()).toEqual([]);

      // The footer's form, filled as it comes into view, sends what was typed.
      await footer.getByLabel('Email *').fill('late@example.com');
      await footer.getByLabel('Message *').fill('Typed as the footer hydrated.');
      await footer.getByLabel(/consent to the processing/).check();
      expect(footerCode()).toBe(true);
      const request = page.waitForRequest((r) => r.url().endsWith('/api/contact/addnew'));
      await footer.getByRole('button', { name: 'Send Email' }).click();
      expect((await request).postDataJSON()).toMatchObject({
        email: 'late@example.com',
        description: 'Typed as the footer hydrated.',
      });
      await expect(footer.getByText('Your message has been sent successfully!')).toBeVisible();
      expect(errors).toEqual([]);
    },
  );

  test("never shows a signed-in client the guest links: hidden until the app has read the session, then the client's corner", async ({
    browser,
  }) => {
    const corner = async (signedIn: boolean) => {
      const context = await browser.newContext();
      if (signedIn) {
        await context.addInitScript(() => {
          window.localStorage.setItem('token', 'a-client-token');
          window.localStorage.setItem(
            'user',
            JSON.stringify({
              id: 'c-1',
              name: 'Chris Client',
              username: 'chris',
              email: 'c@example.com',
              initials: 'CC',
            }),
          );
        });
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      // Every script of the app held back: the page as a slow phone shows it before the app starts.
      const release = await holdRequests(page, '**/assets/*.js');
      await page.goto(`${site.url}/career`, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeAttached();
      // The browser paints nothing before the stylesheet has arrived, but the page's elements can
      // be read before: read them as first painted, with the stylesheet applied.
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
      );
      const before = {
        marked: await page.evaluate(() => document.documentElement.hasAttribute('data-signed-in')),
        guestLinks: await page.locator('.navbar-account--guest').isVisible(),
        logIn: await page.getByRole('link', { name: 'Log in' }).count(),
      };
      release();
      await hydrated(page);
      const after = signedIn
        ? page.getByRole('link', { name: 'Dashboard' })
        : page.getByRole('link', { name: 'Log in' });
      await expect(after).toBeVisible();
      // A CSP that did not allow the inline script would have said so here.
      expect(errors).toEqual([]);
      await context.close();
      return before;
    };
    expect(await corner(true)).toEqual({ marked: true, guestLinks: false, logIn: 0 });
    expect(await corner(false)).toEqual({ marked: false, guestLinks: true, logIn: 1 });
  });

  test('answers a press in a section below the first screen made before its code arrived, once it has hydrated', async ({
    page,
  }) => {
    // The portfolio's code held back, as on a slow network when a visitor scrolls fast.
    const release = await holdRequests(page, '**/assets/portfolio-section-*.js');
    await page.goto(`${site.url}/`);
    await hydrated(page);
    const tile = page.locator('#gallery .portfolio-grid__button').first();
    await tile.scrollIntoViewIfNeeded();
    await tile.click();
    await tile.click();
    const dialog = page.getByRole('dialog', { name: 'Portfolio' });
    await expect(dialog).toHaveCount(0);
    release();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('figcaption')).toContainText('(1 /');
  });

  test(
    'shows a service page as published, with its title, and fetches the banner image once',
    { tag: '@phone' },
    async ({ page }) => {
      const service = services[2]!;
      const { errors, requests, api } = await open(page, `/specific-services/${service.id}`);
      await hydrated(page);
      await expect(page).toHaveTitle(`${service.name} — Retouch Studio`);
      await expect(page.getByRole('heading', { level: 1, name: service.name })).toBeVisible();
      await page.locator('.service-banner__image').evaluate((img: HTMLImageElement) => img.decode());
      const shown = new URL(
        await page.locator('.service-banner__image').evaluate((img: HTMLImageElement) => img.currentSrc),
      ).pathname;
      expect(shown).toMatch(/-\d+w\.avif$/);
      expect(requests.filter((url) => url.pathname === shown)).toHaveLength(1);
      expect(api()).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  test('keeps what a visitor typed into a form before the app loaded', { tag: '@phone' }, async ({ page }) => {
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
    await hydrated(page);
    await expect
      .poll(() => contact.locator('select[name="service"] option').count(), { message: 'the services are listed' })
      .toBeGreaterThan(1);
    await expect(contact.getByLabel('Name *')).toHaveValue('Ann Lee');
    await expect(contact.getByLabel('Message *')).toHaveValue('Typed before the app loaded.');
    await expect(footer.getByLabel('Email *')).toHaveValue('early@example.com');
    await expect(footer.getByLabel(/consent to the processing/)).toBeChecked();
    // And it is what the form sends.
    await contact.getByLabel('Email *').fill('ann@example.com');
    await contact.getByLabel('Phone *').fill('+1 555 0100');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact/addnew'));
    await contact.getByRole('button', { name: 'Send Message' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      name: 'Ann Lee',
      description: 'Typed before the app loaded.',
    });
  });

  test(
    'answers a button pressed before the app started, once, by mouse or keyboard',
    { tag: '@phone' },
    async ({ context }) => {
      for (const by of ['mouse', 'keyboard'] as const) {
        const page = await context.newPage();
        // The page and its entry load; the app's start waits, as on a slow phone.
        const release = await holdRequests(page, '**/assets/start-*.js');
        await page.goto(`${site.url}/faq`);
        const question = page.getByRole('button', { name: /Do you handle bulk orders\?/ });
        // Pressed twice, as a visitor does when nothing happens.
        for (let i = 0; i < 2; i++) {
          if (by === 'mouse') await question.click();
          else await question.press('Enter');
        }
        await expect(question, by).toHaveAttribute('aria-expanded', 'false');
        release();
        await hydrated(page);
        await expect(question, by).toHaveAttribute('aria-expanded', 'true');
        await expect(page.getByText(/We deliver 500\+ images a day/), by).toBeVisible();
        await page.close();
      }
    },
  );
});

test.describe('before the publisher has run (the build without data)', () => {
  test('renders the data sections loading, then the app reads and shows them', async ({ page }) => {
    const home = await html('/', bare);
    expect(home).not.toContain('id="page-data"');
    expect(home).toContain('<link rel="preload" as="fetch" crossorigin href="/api/services" />');
    const { errors, api } = await open(page, '/', bare);
    await expect(page.getByRole('link', { name: 'View More' }).first()).toBeVisible();
    expect(api().map((url) => url.pathname)).toContain('/api/services');
    expect(errors).toEqual([]);
  });

  test('serves one template for every service, and the app shows the service', { tag: '@phone' }, async ({ page }) => {
    const service = services[1]!;
    const text = await html(`/specific-services/${service.id}`, bare);
    expect(text).toContain('Loading...');
    // One template serves every service, so it names no canonical URL of its own.
    expect(text).not.toContain('rel="canonical"');
    const { errors } = await open(page, `/specific-services/${service.id}`, bare);
    await expect(page.getByRole('heading', { level: 1, name: service.name })).toBeVisible();
    await expect(page).toHaveTitle(`${service.name} — Retouch Studio`);
    expect(errors).toEqual([]);
  });
});
