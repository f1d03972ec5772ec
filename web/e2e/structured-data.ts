/**
 * Reads a page's JSON-LD and checks each item against what schema.org and search engines require
 * of its type (Google's structured data guidelines for LocalBusiness, BreadcrumbList, Service
 * offers, FAQPage and JobPosting). Answers the problems found; none is valid.
 */
export type JsonLdItem = Record<string, unknown>;

/** Every `<script type="application/ld+json">` of an HTML document, parsed. */
export function structuredData(html: string): JsonLdItem[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLdItem,
  );
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isObject = (value: unknown): value is JsonLdItem => typeof value === 'object' && value !== null;
const isAbsoluteUrl = (value: unknown) => isText(value) && /^https?:\/\/[^/]+/.test(value);
const isIsoDate = (value: unknown) =>
  isText(value) && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}/.test(value);

function postalAddress(value: unknown, where: string, problems: string[], needsCountry: boolean) {
  if (!isObject(value) || value['@type'] !== 'PostalAddress') return problems.push(`${where}: not a PostalAddress`);
  if (!isText(value.streetAddress)) problems.push(`${where}.streetAddress missing`);
  if (needsCountry && !/^[A-Z]{2}$/.test(String(value.addressCountry)))
    problems.push(`${where}.addressCountry not ISO 3166-1`);
}

export function checkStructuredData(item: JsonLdItem): string[] {
  const problems: string[] = [];
  const need = (key: string, ok: (value: unknown) => boolean = isText) => {
    if (!ok(item[key])) problems.push(`${key} missing or invalid`);
  };
  if (item['@context'] !== 'https://schema.org') problems.push('@context is not https://schema.org');
  switch (item['@type']) {
    case 'LocalBusiness':
      need('name');
      need('url', isAbsoluteUrl);
      need('image', isAbsoluteUrl);
      need('telephone');
      postalAddress(item.address, 'address', problems, true);
      break;
    case 'BreadcrumbList': {
      const list = item.itemListElement;
      if (!Array.isArray(list) || list.length < 2) {
        problems.push('itemListElement needs at least two items');
        break;
      }
      list.forEach((entry: unknown, index) => {
        if (!isObject(entry) || entry['@type'] !== 'ListItem') return problems.push(`item ${index}: not a ListItem`);
        if (entry.position !== index + 1) problems.push(`item ${index}: position ${String(entry.position)}`);
        if (!isText(entry.name)) problems.push(`item ${index}: name missing`);
        if (!isAbsoluteUrl(entry.item)) problems.push(`item ${index}: item is not an absolute URL`);
      });
      break;
    }
    case 'Service': {
      need('name');
      need('description');
      need('url', isAbsoluteUrl);
      need('provider', isObject);
      const offers = item.offers;
      if (!Array.isArray(offers)) {
        problems.push('offers missing');
        break;
      }
      offers.forEach((offer: unknown, index) => {
        if (!isObject(offer) || offer['@type'] !== 'Offer') return problems.push(`offer ${index}: not an Offer`);
        if (!/^\d+(\.\d+)?$/.test(String(offer.price))) problems.push(`offer ${index}: price ${String(offer.price)}`);
        if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency))) problems.push(`offer ${index}: priceCurrency`);
        if (!isText(offer.name)) problems.push(`offer ${index}: name missing`);
      });
      break;
    }
    case 'FAQPage': {
      const questions = item.mainEntity;
      if (!Array.isArray(questions) || questions.length === 0) {
        problems.push('mainEntity has no Question');
        break;
      }
      questions.forEach((question: unknown, index) => {
        if (!isObject(question) || question['@type'] !== 'Question') return problems.push(`${index}: not a Question`);
        if (!isText(question.name)) problems.push(`${index}: name missing`);
        const answer = question.acceptedAnswer;
        if (!isObject(answer) || answer['@type'] !== 'Answer' || !isText(answer.text))
          problems.push(`${index}: acceptedAnswer is not an Answer with text`);
      });
      break;
    }
    case 'JobPosting': {
      need('title');
      need('description');
      need('datePosted', isIsoDate);
      const organization = item.hiringOrganization;
      if (!isObject(organization) || !isText(organization.name)) problems.push('hiringOrganization.name missing');
      const location = item.jobLocation;
      if (item.jobLocationType !== 'TELECOMMUTE') {
        if (!isObject(location) || location['@type'] !== 'Place') problems.push('jobLocation is not a Place');
        else postalAddress(location.address, 'jobLocation.address', problems, true);
      }
      if ('validThrough' in item && !isIsoDate(item.validThrough)) problems.push('validThrough is not a date');
      break;
    }
    default:
      problems.push(`unexpected type ${String(item['@type'])}`);
  }
  return problems;
}
