/**
 * What the site publisher listens to and reads: the stream filter's key prefixes cover every item
 * a public page shows and nothing private, and the publisher answers every public read a page may
 * make, through the API's own route implementations.
 */
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@studio/shared/routes';
import { publishedContentPrefixes } from '@studio/shared/site-publishing';
import {
  applicationCounterKey,
  applicationKey,
  carouselCounterKey,
  catalogImageKey,
  carouselImageKey,
  contentKey,
  galleryItemKey,
  galleryOrderKey,
  idempotencyKey,
  jobKey,
  keyNames,
  leadKey,
  openingKey,
  outboxKey,
  serviceKey,
  subServiceKey,
} from '../../src/data/keys.ts';
import { publisherReadRoutes } from '../../src/publisher/public-reads.ts';
import { urlPathOf } from '../../src/publisher/publish-site.ts';

const published = (key: Record<string, string>) =>
  publishedContentPrefixes.some((prefix) => key[keyNames.pk]!.startsWith(prefix));

describe('the publisher', () => {
  it('listens to every item a public page shows', () => {
    const id = '01HZX3K5M7N9P1Q3R5S7T9V1W3';
    for (const key of [
      serviceKey(id),
      subServiceKey(id, id),
      carouselImageKey(id, id),
      carouselCounterKey(id),
      galleryItemKey(id),
      galleryOrderKey(id),
      contentKey('testimonial', id),
      contentKey('sliderImage', id),
      openingKey(id),
    ]) {
      expect(published(key), JSON.stringify(key)).toBe(true);
    }
  });

  it('ignores what no public page shows: jobs, leads, applications, idempotency records, image records, the outbox', () => {
    const id = '01HZX3K5M7N9P1Q3R5S7T9V1W3';
    for (const key of [
      jobKey(id),
      leadKey('contact', id),
      leadKey('freeTrial', id),
      applicationKey(id),
      applicationCounterKey(),
      applicationCounterKey(id),
      idempotencyKey(id, 'key'),
      // A record that an image was uploaded: pages change when a write names it, not before.
      catalogImageKey(`${id}.png`),
      // Issue 18's outbox, which the notifier reads from the same stream.
      outboxKey(id),
    ]) {
      expect(published(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('answers every public read of the route table', () => {
    // The API's OpenAPI document (#36) is no page's data.
    const notPageData: RouteName[] = ['getOpenApiDocument'];
    const publicReads = (Object.keys(routes) as RouteName[]).filter(
      (name) => routes[name].method === 'GET' && routes[name].access === 'public' && !notPageData.includes(name),
    );
    expect([...publisherReadRoutes].sort()).toEqual(publicReads.sort());
  });

  it('names the URL path each published file answers', () => {
    expect(urlPathOf('index.html')).toBe('/');
    expect(urlPathOf('suit/pricing/index.html')).toBe('/suit/pricing');
    expect(urlPathOf('specific-services/01HZX/index.html')).toBe('/specific-services/01HZX');
    expect(urlPathOf('sitemap.xml')).toBe('/sitemap.xml');
    expect(urlPathOf('404.html')).toBe('/404');
  });
});
