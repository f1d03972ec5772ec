/**
 * The public pages the build prerenders to HTML (web/build/build-site.ts), with what a crawler and
 * a link preview read: title and description. Read by the web build (HTML files, sitemap.xml) and
 * by the CDK stack (the CloudFront Function that maps a path to its prerendered file).
 *
 * `canonical` names the page a duplicate path stands for (the spec keeps two paths for some
 * pages); only canonical pages are listed in the sitemap.
 */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  canonical?: string;
}

const brand = 'Retouch Studio';

/**
 * The pricing page's description. Published with its data, it names the catalogue's lowest price
 * per image (`from` as formatted, e.g. `$0.49`); the build's page without data leaves it out.
 */
export function pricingDescription(from: string | null): string {
  const lowest = from ? `, from ${from} per image` : '';
  return `Per-image prices for each retouching service${lowest}, with 500+ images a day and the payment methods we accept.`;
}

export const sitePages: readonly SitePage[] = [
  {
    path: '/',
    title: `${brand} — Photo Editing & Retouching Services`,
    description:
      'Professional photo editing and retouching for e-commerce sellers, photographers and agencies: clipping paths, high-end, jewelry and headshot retouching, colour grading and photo restoration.',
  },
  {
    path: '/services',
    title: `Services overview — ${brand}`,
    description:
      'Every retouching service at a glance: sample before and after images, the subservices of each line, a quote or a free trial in one click.',
  },
  {
    path: '/services2',
    title: `Our Services — ${brand}`,
    description:
      'All our photo editing services with before and after sliders: e-commerce product photos, portraits, jewelry, headshots, newborns, fashion, restoration and landscapes.',
  },
  {
    path: '/full-services',
    title: `Our Services — ${brand}`,
    description:
      'All our photo editing services with before and after sliders: e-commerce product photos, portraits, jewelry, headshots, newborns, fashion, restoration and landscapes.',
    canonical: '/services2',
  },
  {
    path: '/full-portfolio',
    title: `Portfolio — ${brand}`,
    description:
      'Finished work from every service line, side by side with the originals: why clients choose us for quality, turnaround and expertise.',
  },
  {
    path: '/suit/pricing',
    title: `Pricing — ${brand}`,
    description: pricingDescription(null),
  },
  {
    path: '/free-trial',
    title: `Free trial — ${brand}`,
    description:
      'Get 1 photo editing service for free: send us a photo and your instructions, and see the result before you order.',
  },
  {
    path: '/career',
    title: `Careers — ${brand}`,
    description: 'Join our team of retouchers and photo editors: the open positions and how to apply.',
  },
  {
    path: '/contactus',
    title: `Contact us — ${brand}`,
    description:
      'Questions about an order, a quote or a free trial? Read the FAQ or send us a message; we answer every day.',
  },
  {
    path: '/contact',
    title: `Contact us — ${brand}`,
    description:
      'Questions about an order, a quote or a free trial? Read the FAQ or send us a message; we answer every day.',
    canonical: '/contactus',
  },
  {
    path: '/faq',
    title: `FAQ — ${brand}`,
    description:
      'Answers about how we retouch your images, our services, quality checks and editing: turnaround, formats, revisions and more.',
  },
  {
    path: '/test2',
    title: `Before and after samples — ${brand}`,
    description: 'Eight before and after pairs from our retouching services.',
  },
];

/**
 * `/specific-services/{id}`: one prerendered page serves every service (the catalogue lives in the
 * table and changes without a build): the site shell with the service in its loading state.
 */
export const serviceDetailPrefix = '/specific-services/';
export const serviceDetailTemplatePath = '/specific-services/';
export const serviceDetailPage: SitePage = {
  path: serviceDetailTemplatePath,
  title: `Service — ${brand}`,
  description:
    'One of our photo editing services: what it includes, before and after samples and the gallery of finished work.',
};

/** The file a prerendered page is stored in: `/` -> `index.html`, `/suit/pricing` -> `suit/pricing/index.html`. */
export function prerenderedFile(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/** The app shell for every route that is not prerendered (client portal, staff console, auth). */
export const appShellFile = 'app.html';

/**
 * Which file serves an extension-less request path: the page's prerendered HTML, the service
 * detail template, or the app shell. The CloudFront Function and the local production server both
 * use this (the function gets it as source text).
 */
export function htmlFileFor(path: string, prerendered: readonly string[]): string {
  const normal = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (prerendered.includes(normal)) return prerenderedFile(normal);
  if (normal.startsWith(serviceDetailPrefix) && normal.length > serviceDetailPrefix.length) {
    const rest = normal.slice(serviceDetailPrefix.length);
    if (!rest.includes('/')) return prerenderedFile(serviceDetailTemplatePath);
  }
  return appShellFile;
}
