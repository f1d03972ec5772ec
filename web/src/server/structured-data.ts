import type { JobOpening } from '@studio/shared/job-opening';
import type { Service } from '@studio/shared/service';
import { faqGroups } from '../features/faq/components/faq-data.ts';
import { studioAddress, studioContact, studioName } from '../config/studio.ts';
import { paths } from '../config/paths.ts';

/**
 * Schema.org structured data (JSON-LD) of the published pages, built from the data each page was
 * rendered with: the studio (LocalBusiness) on every page, a BreadcrumbList on every page but
 * the home page, the Service with its Offers on a service page, FAQPage on the FAQ and one
 * JobPosting per active opening on the careers page. web/src/server/structured-data.test.ts
 * checks each type's required properties.
 */
export type JsonLd = Record<string, unknown>;

const context = 'https://schema.org';

/** An absolute URL of a site path (`/media/x.png`) or the URL itself when already absolute. */
export const absoluteUrl = (siteUrl: string, pathOrUrl: string): string => new URL(pathOrUrl, `${siteUrl}/`).href;

const businessId = (siteUrl: string) => `${siteUrl}/#business`;

export function localBusiness(siteUrl: string): JsonLd {
  return {
    '@context': context,
    '@type': 'LocalBusiness',
    '@id': businessId(siteUrl),
    name: studioName,
    description: 'Photo editing and retouching services for e-commerce sellers, photographers and agencies.',
    url: `${siteUrl}/`,
    image: `${siteUrl}/og-image.png`,
    logo: `${siteUrl}/og-image.png`,
    email: studioContact.email,
    telephone: studioContact.phone,
    address: { '@type': 'PostalAddress', ...studioAddress },
  };
}

export function breadcrumbs(siteUrl: string, trail: readonly { name: string; path: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(siteUrl, step.path),
    })),
  };
}

/** A service and its prices: one Offer per subservice and currency. */
export function serviceWithOffers(siteUrl: string, service: Service): JsonLd {
  const url = absoluteUrl(siteUrl, paths.serviceDetail(service.id));
  return {
    '@context': context,
    '@type': 'Service',
    name: service.name,
    serviceType: service.name,
    description: service.description,
    url,
    image: absoluteUrl(siteUrl, service.afterImage),
    provider: { '@id': businessId(siteUrl) },
    offers: [...service.subServices]
      .sort((a, b) => a.order - b.order)
      .flatMap((sub) =>
        sub.prices.map((price) => ({
          '@type': 'Offer',
          name: sub.name,
          description: sub.description,
          price: (price.cents / 100).toFixed(2),
          priceCurrency: price.currency,
          url,
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: (price.cents / 100).toFixed(2),
            priceCurrency: price.currency,
            unitText: 'photo',
          },
        })),
      ),
  };
}

export function faqPage(): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: faqGroups.flatMap((group) =>
      group.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    ),
  };
}

/** Google for Jobs: one posting per active opening, at the studio's address. */
export function jobPosting(siteUrl: string, opening: JobOpening): JsonLd {
  return {
    '@context': context,
    '@type': 'JobPosting',
    title: opening.title,
    description: opening.description,
    datePosted: opening.postedDate,
    url: absoluteUrl(siteUrl, paths.applyJob(opening.id)),
    directApply: true,
    identifier: { '@type': 'PropertyValue', name: studioName, value: opening.id },
    hiringOrganization: {
      '@type': 'Organization',
      name: studioName,
      sameAs: `${siteUrl}/`,
      logo: `${siteUrl}/og-image.png`,
    },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', ...studioAddress },
    },
    ...(opening.imageUrl ? { image: absoluteUrl(siteUrl, opening.imageUrl) } : {}),
  };
}

/** The `<script type="application/ld+json">` of one item, safe inside HTML. */
export function jsonLdScript(item: JsonLd): string {
  return `<script type="application/ld+json">${scriptSafeJson(item)}</script>`;
}

/**
 * JSON that can sit inside a `<script>` element: no `<` (so no `</script>` or `<!--`), `>` or
 * `&`, and no line or paragraph separator; every one as its `\u` escape, which JSON reads back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
