/**
 * `npm run build`: the production site in web/dist, and its renderer in web/dist-render.
 *   1. The client build (Vite): hashed JS and one CSS file.
 *   2. The renderer: a server build of src/entry-server.tsx, self-contained (React and the app
 *      bundled in), with `template.json`, the built index.html taken apart. The site publisher
 *      (functions/src/publisher) runs the same renderer to publish pages when their data changes.
 *   3. Every published file rendered by it into dist, without data (the build reads no table):
 *      each page of shared/src/site-pages.ts at `dist/<path>/index.html` with its own title,
 *      description, canonical, Open Graph and Twitter tags, structured data and modulepreloads of
 *      its chunks, its data sections loading; one template page for every service; the not-found
 *      page, `sitemap.xml` and `robots.txt`. They are served until the publisher's first release,
 *      which carries the data (docs/decisions/publish-on-write.md, "Publish on write (#20)").
 *      Every other route (client portal, staff console, sign-in) is served `app.html`, the empty
 *      app shell, marked noindex.
 *   4. A PNG Open Graph image for link previews.
 *
 * Environment:
 *   SITE_URL             Public origin of the site, e.g. https://www.example.com (absolute URLs of
 *                        canonical links, Open Graph, structured data and the sitemap). Default
 *                        http://localhost:5173.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { build, type Manifest } from 'vite';
import { appShellFile, serviceDetailTemplatePath } from '@studio/shared/site-pages';
import { rendererFiles, type DocumentTemplate, type SiteRenderer } from '@studio/shared/site-render';

export const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** The app's own module for each rendered page path, for a modulepreload of its chunks. */
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
  '/404': 'src/app/routes/not-found.tsx',
  [serviceDetailTemplatePath]: 'src/app/routes/service-detail.tsx',
};

/** What the entry (src/main.tsx) imports to start the app. */
const appStartModule = 'src/start.tsx';

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

/** The template's head without the page-specific tags the renderer writes itself. */
function stripDefaults(template: string): string {
  return template.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
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
  /** Where the renderer goes; web/dist-render unless given. */
  renderDir?: string;
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

/** The built index.html taken apart for the renderer, with each page's chunks from the manifest. */
function documentTemplate(built: string, manifest: Manifest): DocumentTemplate {
  // Vite writes the entry script and the stylesheet at the end of the head; rendered pages place
  // them themselves, the stylesheet before any script or preload so that the first paint's one
  // render-blocking request is not queued behind them.
  const assetTags = /^\s*<(?:script type="module"[^>]*><\/script>|link rel="stylesheet"[^>]*>)\s*$/gm;
  const entryTags = built.match(assetTags)?.map((tag) => tag.trim()) ?? [];
  const stylesheet = entryTags.filter((tag) => tag.startsWith('<link'));
  const entryScript = entryTags.filter((tag) => tag.startsWith('<script'));
  if (stylesheet.length !== 1 || entryScript.length !== 1)
    throw new Error('index.html: expected one stylesheet and one entry script');
  // The entry is small and imports the app's start (src/start.tsx) itself: its chunks are the
  // entry's as far as a page is concerned.
  if (!manifest[appStartModule]) throw new Error(`the build's manifest has no ${appStartModule}`);
  const entryChunks = new Set([...chunksOf(manifest, 'index.html'), ...chunksOf(manifest, appStartModule)]);
  return {
    html: built.replace(assetTags, ''),
    stylesheet: stylesheet[0]!,
    entryScript: entryScript[0]!,
    entryImports: [...entryChunks].filter((file) => file !== manifest['index.html']?.file),
    pageChunks: Object.fromEntries(
      Object.entries(pageModules).map(([page, module]) => [
        page,
        chunksOf(manifest, module).filter((file) => !entryChunks.has(file)),
      ]),
    ),
  };
}

async function buildProductionSite(options: BuildSiteOptions): Promise<void> {
  const siteUrl = (options.siteUrl ?? process.env.SITE_URL ?? 'http://localhost:5173').replace(/\/+$/, '');
  const configFile = path.join(webRoot, 'vite.config.ts');
  const logLevel = options.logLevel ?? 'info';
  const dist = options.outDir ?? path.join(webRoot, 'dist');
  const renderDir = options.renderDir ?? path.join(webRoot, 'dist-render');
  await build({ configFile, root: webRoot, logLevel, build: { manifest: true, outDir: dist, emptyOutDir: true } });
  await build({
    configFile,
    root: webRoot,
    logLevel: logLevel === 'info' ? 'warn' : logLevel,
    // Everything in the bundle: the publisher's function runs it with no node_modules beside it.
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: renderDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });

  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const built = stripDefaults(await readFile(path.join(dist, 'index.html'), 'utf8'));
  const template = documentTemplate(built, manifest);
  await writeFile(path.join(renderDir, rendererFiles.template), JSON.stringify(template));
  const renderer = (await import(pathToFileURL(path.join(renderDir, rendererFiles.module)).href)) as SiteRenderer;

  const site = await renderer.renderSite({ siteUrl, template });
  for (const file of site.files) {
    const target = path.join(dist, file.key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.body);
  }

  // The app shell for every other route: no page content, not for search engines.
  const shell = template.html.replace(
    '<!--app-head-->',
    [
      template.stylesheet,
      template.entryScript,
      // The app's start and what it imports, fetched beside the entry rather than found in it.
      ...template.entryImports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
      '<title>Retouch Studio</title>',
      '<meta name="description" content="Retouch Studio: photo editing and retouching services." />',
      '<meta name="robots" content="noindex" />',
    ].join('\n    '),
  );
  await writeFile(path.join(dist, appShellFile), shell);
  await writeFile(path.join(dist, 'og-image.png'), await openGraphImage());
  // The manifest served its purpose here; it is not for the public bucket.
  await rm(path.join(dist, '.vite'), { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildSite();
}
