/**
 * The contract between the site's renderer and those who run it. The renderer is the web app's
 * server entry (web/src/entry-server.tsx), bundled by `npm run build` into `web/dist-render/`
 * together with the document template it fills (`template.json`). Two parties run it: the build
 * itself (pages with no data, or with the catalogue API's data) and the site publisher
 * (functions/src/publisher/), which answers the pages' reads from the table and publishes the
 * pages to the site bucket as a release. Types, names and the release layout only.
 */
import type { RouteName } from './routes/index.ts';
import { prerenderedFile, serviceDetailPrefix, sitePages } from './site-pages.ts';

/** Answers one public read (`GET`, `access: 'public'`) as the API would: the route's response. */
export type PublicRead = (
  name: RouteName,
  input: { params: Record<string, string>; query: Record<string, unknown> },
) => Promise<unknown>;

/** The built `index.html` taken apart, for the renderer to assemble each page's document. */
export interface DocumentTemplate {
  /** The document, `<!--app-head-->` where the page's head goes, `<div id="root"></div>` its body. */
  html: string;
  /** The one `<link rel="stylesheet">`. */
  stylesheet: string;
  /** The entry `<script type="module">`. */
  entryScript: string;
  /** JS files the entry imports statically (React, the router...), preloaded by every page. */
  entryImports: string[];
  /** JS files a page's own module needs beyond the entry's, by page path. */
  pageChunks: Record<string, string[]>;
}

export interface SiteFile {
  /** Object key relative to the site's root: `index.html`, `suit/pricing/index.html`, `sitemap.xml`. */
  key: string;
  body: string;
  contentType: string;
}

export interface RenderSiteOptions {
  /** Public origin, for canonical, Open Graph, structured data and sitemap URLs. */
  siteUrl: string;
  template: DocumentTemplate;
  /** Without it the pages render their data sections loading, as the first build has no data. */
  read?: PublicRead;
}

export interface RenderedSite {
  files: SiteFile[];
  /** The services that have a page of their own (none without `read`). */
  serviceIds: string[];
}

/** The renderer module's exports (`web/dist-render/entry-server.js`). */
export interface SiteRenderer {
  renderSite(options: RenderSiteOptions): Promise<RenderedSite>;
}

/** Files of `web/dist-render/`. */
export const rendererFiles = { module: 'entry-server.js', template: 'template.json' } as const;

/** The id of the `<script type="application/json">` holding a page's data, which the app hydrates from. */
export const pageDataElementId = 'page-data';

/** What that script holds. */
export interface PageData {
  /** React Query's dehydrated cache: the answers the page was rendered with. */
  queries?: unknown;
  /** The page is the not-found page, whatever its path (served for unknown service ids). */
  notFound?: true;
}

/** The not-found page, answered with status 404 for an unknown service id. */
export const notFoundFile = '404.html';
/**
 * S3 metadata naming the status an object is answered with (`x-amz-meta-status: 404` on the
 * not-found page): the CDN's viewer-response function sets it (infra spa-rewrite.ts).
 */
export const statusMetadataKey = 'status';
export const sitemapFile = 'sitemap.xml';
export const robotsFile = 'robots.txt';
/** Published files that are not pages, served from the current release at `/<name>`. */
export const releaseRootFiles: readonly string[] = [sitemapFile, robotsFile];

/**
 * Published releases. The publisher writes every page of a release under `releases/<id>/` (new
 * keys, never overwriting what is being served), then switches the current release in one write:
 * locally the pointer object below, which the local site server reads; on AWS a CloudFront
 * KeyValueStore key, which the CDN's viewer-request function reads. Until a first release exists,
 * the build's own pages are served.
 */
export const releasesPrefix = 'releases/';
/** The local pointer: `{ release, serviceIds }` (a release's manifest). */
export const currentReleaseKey = `${releasesPrefix}current.json`;

/** What the publisher records of a release (`releases/<id>/release.json`) and points to. */
export interface ReleaseManifest {
  release: string;
  publishedAt: string;
  /** SHA-256 (hex) of each file, by key: the next release compares against it. */
  files: Record<string, string>;
  serviceIds: string[];
}

export const releaseManifestFile = 'release.json';

/** Object key of a release's file. */
export const releaseKey = (release: string, file: string): string => `${releasesPrefix}${release}/${file}`;

/** A release's file for a request path, with its status; undefined when the build serves the path. */
export function publishedFileFor(
  path: string,
  serviceIds: ReadonlySet<string>,
): { file: string; status: 200 | 404 } | undefined {
  const rootFile = releaseRootFiles.find((file) => path === `/${file}`);
  if (rootFile) return { file: rootFile, status: 200 };
  const normal = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (sitePages.some((page) => page.path === normal)) return { file: prerenderedFile(normal), status: 200 };
  if (normal.startsWith(serviceDetailPrefix) && normal.length > serviceDetailPrefix.length) {
    const id = normal.slice(serviceDetailPrefix.length);
    if (id.includes('/')) return undefined;
    return serviceIds.has(id) ? { file: prerenderedFile(normal), status: 200 } : { file: notFoundFile, status: 404 };
  }
  return undefined;
}
