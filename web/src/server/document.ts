import { heroImageSizes, heroPoster } from '@studio/shared/first-screen';
import { variantSrcSet } from '@studio/shared/media-variants';
import { sessionMarkScript } from '@studio/shared/session-mark';
import { pageDataElementId, type DocumentTemplate, type PageData } from '@studio/shared/site-render';
import { jsonLdScript, scriptSafeJson, type JsonLd } from './structured-data.ts';

/** What a crawler and a link preview read of a page. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL; none for a page that is not itself indexable (the template, 404). */
  canonical?: string;
  /** Absolute URL of the link preview image, and its size when known. */
  image: { url: string; width?: number; height?: number };
  /** Not for search engines (the not-found page). */
  noindex?: boolean;
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function headTags(head: PageHead): string[] {
  const { title, description, canonical, image } = head;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Retouch Studio" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
    image.width ? `<meta property="og:image:width" content="${image.width}" />` : '',
    image.height ? `<meta property="og:image:height" content="${image.height}" />` : '',
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}" />`,
  ];
  return tags.filter(Boolean);
}

/**
 * Images of a page's first screen known without data, preloaded from the head of a page rendered
 * without it. A page with its data has its first screen's images in its HTML (the hero's first
 * slide, a service's banner), and does not draw the backdrop.
 */
const firstScreenImages: Record<string, { base: string; sizes: string }[]> = {
  '/': [{ base: heroPoster, sizes: heroImageSizes }],
};

export interface PageDocument {
  /** The page's path in the route table (`/specific-services/` for every service page). */
  pagePath: string;
  /** The app's markup. */
  html: string;
  head: PageHead;
  structuredData: JsonLd[];
  /** What the app hydrates from; always present for the not-found page. */
  data?: PageData;
  /**
   * Public API reads the page makes as it starts, when it was rendered without data: preloaded
   * from the head so the answers travel while the JavaScript loads.
   */
  reads: string[];
  /**
   * The page is complete in its HTML: the app's code loads once the page has loaded (its stylesheet
   * and first-screen images), rather than competing with them (main.tsx).
   */
  complete: boolean;
}

/** The whole HTML document of a page: the template with the page's head, markup and data. */
export function pageDocument(template: DocumentTemplate, page: PageDocument): string {
  const images = (page.data ? [] : (firstScreenImages[page.pagePath] ?? [])).map(
    ({ base, sizes }) =>
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${variantSrcSet(base, 'avif')}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`,
  );
  // The app's chunks (React, the router..., then the page's), so that the browser fetches them
  // together instead of finding each one in the one before. A page complete in its HTML lists them
  // on its script, which fetches them once the page has loaded (main.tsx); the others preload them
  // at once.
  const chunks = [...template.entryImports, ...(template.pageChunks[page.pagePath] ?? [])].map((file) => `/${file}`);
  const script = page.complete
    ? template.entryScript.replace('<script ', `<script fetchpriority="low" data-chunks="${chunks.join(' ')}" `)
    : template.entryScript;
  const preloads = page.complete ? [] : chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`);
  const reads = page.reads.map((read) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(read)}" />`);
  const head = [
    // Before the stylesheet: an inline script after it would wait for it to arrive.
    `<script>${sessionMarkScript}</script>`,
    // The stylesheet first: the first paint's one render-blocking request goes out before the rest.
    template.stylesheet,
    ...images,
    ...headTags(page.head),
    ...page.structuredData.map(jsonLdScript),
    ...reads,
    script,
    ...preloads,
  ].join('\n    ');
  // A data block, not a script: the CSP does not apply to it and nothing runs it; start.tsx reads it.
  const data = page.data
    ? `\n    <script type="application/json" id="${pageDataElementId}">${scriptSafeJson(page.data)}</script>`
    : '';
  return template.html
    .replace('<!--app-head-->', () => head)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${data}`);
}
