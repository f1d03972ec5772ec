/**
 * `npm run build`: the production site in web/dist.
 *   1. The client build (Vite): hashed JS and one CSS file.
 *   2. A server build of src/entry-server.tsx, used only here, to render pages in Node.
 *   3. Every page of shared/src/site-pages.ts rendered to `dist/<path>/index.html` with its own
 *      title, description, canonical, Open Graph and Twitter tags, and a modulepreload of the page's
 *      own chunk, so a crawler and the first paint need no JavaScript; main.tsx hydrates it.
 *      `/specific-services/{id}` gets one template page (the catalogue changes without a build).
 *      Every other route (client portal, staff console, sign-in) is served `app.html`, the empty
 *      app shell, marked noindex.
 *   4. `sitemap.xml` (canonical public pages, plus one URL per service when the catalogue is
 *      given, see below) and `robots.txt`; a PNG Open Graph image for link previews.
 *
 * Environment:
 *   SITE_URL             Public origin of the site, e.g. https://www.example.com (absolute URLs of
 *                        canonical links, Open Graph and the sitemap). Default http://localhost:5173.
 *   STUDIO_CATALOGUE_API Origin whose `GET /api/services` lists the services for the sitemap, e.g.
 *                        the deployed site itself. Unset: the sitemap has no service pages (the
 *                        first deploy has no API yet); docs/decisions.md.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { build, type Manifest } from 'vite';
import { earlyReadsScript } from '@studio/shared/early-reads-script';
import { heroImageSizes, heroPoster } from '@studio/shared/first-screen';
import { variantSrcSet } from '@studio/shared/media-variants';
import {
  appShellFile,
  prerenderedFile,
  serviceDetailPage,
  serviceDetailPrefix,
  sitePages,
  type SitePage,
} from '@studio/shared/site-pages';

export const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** The app's own module for each prerendered path, for a modulepreload of its chunk. */
const pageModules: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  '/services': 'src/app/routes/services-pages.tsx',
  '/services2': 'src/app/routes/services-pages.tsx',
  '/full-services': 'src/app/routes/services-pages.tsx',
  '/test2': 'src/app/routes/services-pages.tsx',
  '/full-portfolio': 'src/app/routes/full-portfolio.tsx',
  '/suit/pricing': 'src/app/routes/pricing.tsx',
  '/free-trial': 'src/app/routes/free-trial.tsx',
  '/career': 'src/app/routes/career.tsx',
  '/contactus': 'src/app/routes/contact.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/faq': 'src/app/routes/faq.tsx',
  [serviceDetailPage.path]: 'src/app/routes/service-detail.tsx',
};

/**
 * The public API reads a page makes as it starts: preloaded from the HTML, so the answers travel
 * while the JavaScript loads (`fetch()` then takes them from the preload cache). The read behind
 * the largest image of `/` and of the service page is made by the inline early-reads script
 * instead (below), which also preloads that image.
 */
const pageReads: Record<string, string[]> = {
  '/': ['/api/services'],
  '/services': ['/api/services'],
  '/services2': ['/api/services'],
  '/full-services': ['/api/services'],
  '/test2': ['/api/services'],
  '/full-portfolio': ['/api/services'],
  '/suit/pricing': ['/api/pricing', '/api/services'],
  '/free-trial': ['/api/services'],
  '/career': ['/api/job-openings', '/api/services'],
  '/contactus': ['/api/services'],
  '/contact': ['/api/services'],
  '/faq': ['/api/services'],
  [serviceDetailPage.path]: ['/api/services'],
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(page: SitePage, siteUrl: string, options: { canonical: boolean }): string {
  const url = `${siteUrl}${page.canonical ?? page.path}`;
  const image = `${siteUrl}/og-image.png`;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    options.canonical ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Retouch Studio" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    options.canonical ? `<meta property="og:url" content="${escapeHtml(url)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Pages whose largest image comes from an API read: they carry the early-reads script. */
const earlyReadPages = new Set(['/', serviceDetailPage.path]);

/** Images of a page's first screen known at build time, preloaded from the head. */
const firstScreenImages: Record<string, { base: string; sizes: string }[]> = {
  '/': [{ base: heroPoster, sizes: heroImageSizes }],
};

/**
 * The service page's first screen is rendered by the app (the template holds no service); every
 * other prerendered page is complete in its HTML, so its scripts load at low priority, after the
 * stylesheet and the first screen's images rather than competing with them.
 */
const scriptsAfterFirstScreen = (pagePath: string) => pagePath !== serviceDetailPage.path;

/** JS chunks a module needs (itself and its static imports), from the client manifest. */
function chunksOf(manifest: Manifest, module: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...files];
}

/** The template's head without the page-specific tags the prerender writes itself. */
function stripDefaults(template: string): string {
  return template.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
}

async function catalogueServiceIds(): Promise<string[]> {
  const origin = process.env.STUDIO_CATALOGUE_API;
  if (!origin) return [];
  const response = await fetch(new URL('/api/services', origin));
  if (!response.ok) throw new Error(`GET ${origin}/api/services answered ${response.status}`);
  const body = (await response.json()) as { services?: { id?: unknown }[] };
  return (body.services ?? []).map((service) => service.id).filter((id): id is string => typeof id === 'string');
}

function sitemap(siteUrl: string, serviceIds: string[]): string {
  const urls = [
    ...sitePages.filter((page) => !page.canonical).map((page) => page.path),
    ...serviceIds.map((id) => `${serviceDetailPrefix}${encodeURIComponent(id)}`),
  ];
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(`${siteUrl}${url}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function robots(siteUrl: string): string {
  // The client portal and staff console are behind sign-in; nothing there for a crawler.
  const privatePaths = ['/dashboard', '/payment', '/service-quote/', '/admin', '/editor', '/manager', '/signin'];
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A 1200x630 link-preview image drawn from SVG (no binary asset in the repository). */
async function openGraphImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="930" cy="320" r="190" fill="#fff" opacity=".1"/>
<text x="80" y="290" font-family="Georgia, serif" font-size="84" fill="#fff">Retouch Studio</text>
<text x="80" y="370" font-family="sans-serif" font-size="36" fill="#cbd5e1">Photo editing and retouching for e-commerce</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface BuildSiteOptions {
  siteUrl?: string;
  /** Where the site goes; web/dist unless given (tests build into a folder of their own). */
  outDir?: string;
  logLevel?: 'info' | 'warn' | 'silent';
}

export async function buildSite(options: BuildSiteOptions = {}): Promise<void> {
  // Always the production build of React and the app, also when a test (NODE_ENV=test) builds the
  // site: Vite keeps a NODE_ENV it finds set, and a development bundle behaves differently
  // (StrictMode mounts everything twice, for one).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildProductionSite(options);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildProductionSite(options: BuildSiteOptions): Promise<void> {
  const siteUrl = (options.siteUrl ?? process.env.SITE_URL ?? 'http://localhost:5173').replace(/\/+$/, '');
  const configFile = path.join(webRoot, 'vite.config.ts');
  const logLevel = options.logLevel ?? 'info';
  const dist = options.outDir ?? path.join(webRoot, 'dist');
  // The server bundle imports React from node_modules, so it is written where Node finds them;
  // a folder per build, so two builds (a test and a bench) never share one.
  await mkdir(path.join(webRoot, 'node_modules'), { recursive: true });
  const serverOut = await mkdtemp(path.join(webRoot, 'node_modules', '.studio-prerender-'));
  await build({ configFile, root: webRoot, logLevel, build: { manifest: true, outDir: dist, emptyOutDir: true } });
  await build({
    configFile,
    root: webRoot,
    logLevel: logLevel === 'info' ? 'warn' : logLevel,
    build: { ssr: 'src/entry-server.tsx', outDir: serverOut, emptyOutDir: true, copyPublicDir: false },
  });

  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const built = stripDefaults(await readFile(path.join(dist, 'index.html'), 'utf8'));
  // Vite writes the entry script and the stylesheet at the end of the head; prerendered pages
  // place them themselves, the stylesheet before any script or preload so that the first paint's
  // one render-blocking request is not queued behind them.
  const assetTags = /^\s*<(?:script type="module"[^>]*><\/script>|link rel="stylesheet"[^>]*>)\s*$/gm;
  const entryTags = built.match(assetTags)?.map((tag) => tag.trim()) ?? [];
  const stylesheet = entryTags.filter((tag) => tag.startsWith('<link'));
  const entryScript = entryTags.filter((tag) => tag.startsWith('<script'));
  if (stylesheet.length !== 1 || entryScript.length !== 1)
    throw new Error('index.html: expected one stylesheet and one entry script');
  const template = built.replace(assetTags, '');
  const { renderPage } = (await import(pathToFileURL(path.join(serverOut, 'entry-server.js')).href)) as {
    renderPage: (url: string) => Promise<string>;
  };

  const entryChunks = new Set(chunksOf(manifest, 'index.html'));
  const entryImports = [...entryChunks].filter((file) => file !== manifest['index.html']?.file);
  const pages: { page: SitePage; url: string; canonical: boolean }[] = [
    ...sitePages.map((page) => ({ page, url: page.path, canonical: true })),
    // Rendered at a placeholder id: the service is in its loading state, whatever the id.
    { page: serviceDetailPage, url: `${serviceDetailPrefix}_`, canonical: false },
  ];
  for (const { page, url, canonical } of pages) {
    const html = await renderPage(url);
    const module = pageModules[page.path];
    const lowPriority = scriptsAfterFirstScreen(page.path) ? ' fetchpriority="low"' : '';
    const script = entryScript.map((tag) => tag.replace('<script ', `<script${lowPriority} `));
    const images = (firstScreenImages[page.path] ?? []).map(
      ({ base, sizes }) =>
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${variantSrcSet(base, 'avif')}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`,
    );
    // The entry's own imports (React, the router...) first: without a modulepreload the browser
    // finds them only once the entry script has arrived, one round trip later. Then the page's.
    const preloads = [
      ...entryImports,
      ...(module ? chunksOf(manifest, module).filter((file) => !entryChunks.has(file)) : []),
    ].map((file) => `<link rel="modulepreload" crossorigin href="/${file}"${lowPriority} />`);
    const reads = (pageReads[page.path] ?? []).map(
      (read) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(read)}" />`,
    );
    // Before the stylesheet: an inline script after it would wait for the CSS to arrive.
    const early = earlyReadPages.has(page.path) ? [`<script>${earlyReadsScript}</script>`] : [];
    const document = template
      .replace(
        '<!--app-head-->',
        [
          ...early,
          ...stylesheet,
          ...images,
          headTags(page, siteUrl, { canonical }),
          ...reads,
          ...script,
          ...preloads,
        ].join('\n    '),
      )
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    const file = path.join(dist, prerenderedFile(page.path));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, document);
  }

  // The app shell for every other route: no page content, not for search engines.
  const shell = template.replace(
    '<!--app-head-->',
    [
      ...stylesheet,
      ...entryScript,
      '<title>Retouch Studio</title>',
      '<meta name="description" content="Retouch Studio: photo editing and retouching services." />',
      '<meta name="robots" content="noindex" />',
    ].join('\n    '),
  );
  await writeFile(path.join(dist, appShellFile), shell);
  await writeFile(path.join(dist, 'sitemap.xml'), sitemap(siteUrl, await catalogueServiceIds()));
  await writeFile(path.join(dist, 'robots.txt'), robots(siteUrl));
  await writeFile(path.join(dist, 'og-image.png'), await openGraphImage());
  await rm(serverOut, { recursive: true, force: true });
  // The manifest served its purpose here; it is not for the public bucket.
  await rm(path.join(dist, '.vite'), { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildSite();
}
