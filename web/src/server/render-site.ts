import type { ListJobOpeningsResponse } from '@studio/shared/job-opening';
import { lowestStartingPrice, type PricingService } from '@studio/shared/pricing';
import type { ListServicesResponse, Service } from '@studio/shared/service';
import {
  notFoundFile,
  robotsFile,
  sitemapFile,
  type PageData,
  type PublicRead,
  type RenderedSite,
  type RenderSiteOptions,
  type SiteFile,
} from '@studio/shared/site-render';
import {
  prerenderedFile,
  serviceDetailPage,
  serviceDetailPrefix,
  serviceDetailTemplatePath,
  pricingDescription,
  sitePages,
  type SitePage,
} from '@studio/shared/site-pages';
import { paths } from '../config/paths.ts';
import { jobOpeningsKey, pricingKey } from '../lib/public-query-keys.ts';
import { studioName } from '../config/studio.ts';
import { pageDocument, type PageHead } from './document.ts';
import { renderPage } from './render-page.tsx';
import {
  absoluteUrl,
  breadcrumbs,
  faqPage,
  jobPosting,
  localBusiness,
  serviceWithOffers,
  type JsonLd,
} from './structured-data.ts';

/**
 * The public API reads a page makes as it starts, preloaded from the head of a page rendered
 * without data (the first build's pages): the answers travel while the JavaScript loads. A page
 * rendered with its data makes none.
 */
const pageReads: Record<string, string[]> = {
  '/': ['/api/services', '/api/slider-images'],
  '/services': ['/api/services'],
  '/services2': ['/api/services'],
  '/full-services': ['/api/services'],
  '/test2': ['/api/services'],
  '/full-portfolio': ['/api/services', '/api/gallary/all-items2'],
  '/suit/pricing': ['/api/pricing', '/api/services'],
  '/free-trial': ['/api/services'],
  '/career': ['/api/job-openings', '/api/services'],
  '/contactus': ['/api/services'],
  '/contact': ['/api/services'],
  '/faq': ['/api/services'],
  [serviceDetailTemplatePath]: ['/api/services'],
};

/** The 1200x630 link-preview image the build draws (web/build/build-site.ts). */
const siteImage = (siteUrl: string) => ({ url: `${siteUrl}/og-image.png`, width: 1200, height: 630 });

/** A meta description's useful length: longer ones are cut by search engines anyway. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 160) return flat;
  return `${flat.slice(0, 157).replace(/\s+\S*$/, '')}...`;
}

/** Answers each distinct read once per site render: every page sees the same catalogue. */
function readOnce(read: PublicRead): PublicRead {
  const answers = new Map<string, Promise<unknown>>();
  return (name, input) => {
    const key = JSON.stringify([name, input.params, input.query]);
    let answer = answers.get(key);
    if (!answer) {
      answer = read(name, input);
      answers.set(key, answer);
    }
    return answer;
  };
}

const pageName = (page: SitePage) => page.title.split(' — ')[0] ?? page.title;

function sitemap(siteUrl: string, serviceIds: readonly string[]): string {
  const urls = [
    ...sitePages.filter((page) => !page.canonical).map((page) => page.path),
    ...serviceIds.map((id) => paths.serviceDetail(id)),
  ];
  const entries = urls.map((url) => `  <url><loc>${absoluteUrl(siteUrl, url).replace(/&/g, '&amp;')}</loc></url>`);
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
    `Sitemap: ${siteUrl}/${sitemapFile}`,
    '',
  ].join('\n');
}

/**
 * Renders every published file of the site: each public page of shared/src/site-pages.ts, one
 * page per service (with `read`; without it one template page in its loading state), the
 * not-found page, the sitemap and robots.txt (naming the sitemap at `siteUrl`). Each page carries its own head (title, description,
 * canonical, Open Graph and Twitter tags), its structured data and, rendered with `read`, the
 * data it was rendered with, which the app hydrates from instead of calling the API.
 */
export async function renderSite({ siteUrl, template, read }: RenderSiteOptions): Promise<RenderedSite> {
  const site = siteUrl.replace(/\/+$/, '');
  const reader = read ? readOnce(read) : undefined;
  const files: SiteFile[] = [];
  const html = (key: string, body: string) => files.push({ key, body, contentType: 'text/html; charset=utf-8' });
  const business = localBusiness(site);
  const home = { name: 'Home', path: '/' };

  for (const page of sitePages) {
    const rendered = await renderPage(page.path, { read: reader });
    const structuredData: JsonLd[] = [business];
    if (page.path !== '/')
      structuredData.push(breadcrumbs(site, [home, { name: pageName(page), path: page.canonical ?? page.path }]));
    if (page.path === paths.faq) structuredData.push(faqPage());
    if (page.path === paths.career) {
      const openings = rendered.client.getQueryData<ListJobOpeningsResponse>(jobOpeningsKey) ?? [];
      structuredData.push(
        ...openings.filter((opening) => opening.isActive).map((opening) => jobPosting(site, opening)),
      );
    }
    // The pricing page names the catalogue's lowest price per image, as its data has it.
    const pricing =
      page.path === paths.pricing ? rendered.client.getQueryData<PricingService[]>(pricingKey) : undefined;
    const description = pricing ? pricingDescription(lowestStartingPrice(pricing)) : page.description;
    html(
      prerenderedFile(page.path),
      pageDocument(template, {
        pagePath: page.path,
        html: rendered.html,
        head: {
          title: page.title,
          description,
          canonical: absoluteUrl(site, page.canonical ?? page.path),
          image: siteImage(site),
        },
        structuredData,
        data: rendered.queries ? { queries: rendered.queries } : undefined,
        reads: rendered.queries ? [] : (pageReads[page.path] ?? []),
        complete: true,
      }),
    );
  }

  const services = reader
    ? ((await reader('listServices', { params: {}, query: {} })) as ListServicesResponse).services
    : [];
  {
    // One template for a service the build has no page of (no data, or a service added since):
    // the app reads the service once it runs.
    const rendered = await renderPage(`${serviceDetailPrefix}_`);
    html(
      prerenderedFile(serviceDetailTemplatePath),
      pageDocument(template, {
        pagePath: serviceDetailTemplatePath,
        html: rendered.html,
        head: { title: serviceDetailPage.title, description: serviceDetailPage.description, image: siteImage(site) },
        structuredData: [business],
        reads: pageReads[serviceDetailTemplatePath] ?? [],
        complete: false,
      }),
    );
  }
  for (const listed of services) {
    const path = paths.serviceDetail(listed.id);
    const rendered = await renderPage(path, { read: reader });
    const service = rendered.client.getQueryData<Service>(['services', listed.id]) ?? listed;
    const head: PageHead = {
      title: `${service.name} — ${studioName}`,
      description: shortDescription(service.description),
      canonical: absoluteUrl(site, path),
      image: { url: absoluteUrl(site, service.afterImage) },
    };
    html(
      prerenderedFile(path),
      pageDocument(template, {
        pagePath: serviceDetailTemplatePath,
        html: rendered.html,
        head,
        structuredData: [
          business,
          breadcrumbs(site, [home, { name: 'Our Services', path: paths.services2 }, { name: service.name, path }]),
          serviceWithOffers(site, service),
        ],
        data: { queries: rendered.queries },
        reads: [],
        complete: true,
      }),
    );
  }

  // Served for an unknown service id with status 404; the app shows it as the not-found page
  // whatever the path (`notFound`), so it hydrates as what it is.
  const notFound = await renderPage('/404', { read: reader, notFound: true });
  const notFoundData: PageData = { notFound: true, ...(notFound.queries ? { queries: notFound.queries } : {}) };
  html(
    notFoundFile,
    pageDocument(template, {
      pagePath: '/404',
      html: notFound.html,
      head: {
        title: `Page not found — ${studioName}`,
        description: 'The page you are looking for does not exist or has moved.',
        image: siteImage(site),
        noindex: true,
      },
      structuredData: [business],
      data: notFoundData,
      reads: notFound.queries ? [] : ['/api/services'],
      complete: true,
    }),
  );

  const serviceIds = services.map((service) => service.id);
  files.push({ key: sitemapFile, body: sitemap(site, serviceIds), contentType: 'application/xml' });
  files.push({ key: robotsFile, body: robots(site), contentType: 'text/plain; charset=utf-8' });
  return { files, serviceIds };
}
