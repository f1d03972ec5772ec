/**
 * The public reads behind the service gallery, the before/after gallery and the careers page,
 * against the seeded demo content (60 images for Ecommerce, a few for the others; three gallery
 * items per service; three active and two closed openings).
 */
import { describe, expect, it } from 'vitest';
import {
  listCarouselServicesResponseSchema,
  listServiceImagesResponseSchema,
  type CarouselImage,
} from '@studio/shared/carousel';
import {
  listGalleryByServiceResponseSchema,
  listGalleryItemsResponseSchema,
  listGalleryServicesResponseSchema,
} from '@studio/shared/gallery';
import { listJobOpeningsResponseSchema } from '@studio/shared/job-opening';
import { listServicesResponseSchema } from '@studio/shared/service';
import { api, expectEnvelope } from './support.ts';

async function catalogue() {
  return listServicesResponseSchema.parse((await api('/api/services')).json).services;
}

async function ecommerceId() {
  return (await catalogue()).find((s) => s.name === 'Ecommerce')!.id;
}

describe('GET api/carousal/services', () => {
  it('lists every service as { id, name } in display order, cacheable', async () => {
    const response = await api('/api/carousal/services');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const { services } = listCarouselServicesResponseSchema.parse(response.json);
    const expected = (await catalogue()).map((s) => ({ id: s.id, name: s.name }));
    expect(services).toEqual(expected);
    expect(Object.keys(response.json as { services: object[] }).sort()).toEqual(['services']);
    expect(Object.keys((response.json as { services: object[] }).services[0]!).sort()).toEqual(['id', 'name']);
  });
});

describe('GET api/carousal/service/{id}', () => {
  it('pages 60 images as 50 + 10 with contiguous orders and hasMore', async () => {
    const id = await ecommerceId();
    const first = await api(`/api/carousal/service/${id}?page=1&limit=50`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const page1 = listServiceImagesResponseSchema.parse(first.json);
    expect(page1.total).toBe(60);
    expect(page1.hasMore).toBe(true);
    expect(page1.images).toHaveLength(50);

    const page2 = listServiceImagesResponseSchema.parse(
      (await api(`/api/carousal/service/${id}?page=2&limit=50`)).json,
    );
    expect(page2.images).toHaveLength(10);
    expect(page2.hasMore).toBe(false);
    expect(page2.total).toBe(60);

    const all: CarouselImage[] = [...page1.images, ...page2.images];
    expect(all.map((i) => i.order)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(all.map((i) => i.id)).size).toBe(60);
    for (const image of all) {
      expect(image.imageUrl).toBe(`/media/carousel/${id}/${image.id}.jpg`);
      expect(image.imageName).toMatch(/^Ecommerce \d+$/);
    }

    const page3 = listServiceImagesResponseSchema.parse(
      (await api(`/api/carousal/service/${id}?page=3&limit=50`)).json,
    );
    expect(page3).toEqual({ images: [], hasMore: false, total: 60 });
  });

  it('defaults to page 1 of 50 and honours other limits', async () => {
    const id = await ecommerceId();
    const defaults = listServiceImagesResponseSchema.parse((await api(`/api/carousal/service/${id}`)).json);
    expect(defaults.images.map((i) => i.order)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const small = listServiceImagesResponseSchema.parse((await api(`/api/carousal/service/${id}?page=4&limit=7`)).json);
    expect(small.images.map((i) => i.order)).toEqual([22, 23, 24, 25, 26, 27, 28]);
    expect(small.hasMore).toBe(true);
    const last = listServiceImagesResponseSchema.parse((await api(`/api/carousal/service/${id}?page=6&limit=10`)).json);
    expect(last.images.map((i) => i.order)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(last.hasMore).toBe(false);
  });

  it('serves the images themselves from the media bucket', async () => {
    const id = await ecommerceId();
    const page = listServiceImagesResponseSchema.parse((await api(`/api/carousal/service/${id}?limit=1`)).json);
    const { inject } = await import('vitest');
    const response = await fetch(`${inject('s3Endpoint')}/studio-media/${page.images[0]!.imageUrl.slice(1)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    // A JPEG's first bytes: the start-of-image marker.
    expect([...new Uint8Array(await response.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('gives every other service its own, smaller gallery', async () => {
    const services = await catalogue();
    for (const service of services.filter((s) => s.name !== 'Ecommerce')) {
      const page = listServiceImagesResponseSchema.parse((await api(`/api/carousal/service/${service.id}`)).json);
      expect(page.total).toBeGreaterThan(0);
      expect(page.images).toHaveLength(page.total);
      expect(page.hasMore).toBe(false);
      expect(page.images.every((i) => i.imageUrl.startsWith(`/media/carousel/${service.id}/`))).toBe(true);
    }
  });

  it('answers 404 for an unknown service', async () => {
    const response = await api('/api/carousal/service/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(response.status).toBe(404);
    expectEnvelope(response.json, 404);
  });

  it.each([
    ['malformed id', '/api/carousal/service/not-an-id', 'params.id'],
    ['page 0', '/api/carousal/service/{id}?page=0', 'query.page'],
    ['negative page', '/api/carousal/service/{id}?page=-1', 'query.page'],
    ['fractional page', '/api/carousal/service/{id}?page=1.5', 'query.page'],
    ['text page', '/api/carousal/service/{id}?page=abc', 'query.page'],
    ['empty page', '/api/carousal/service/{id}?page=', 'query.page'],
    ['limit 0', '/api/carousal/service/{id}?limit=0', 'query.limit'],
    ['limit 101', '/api/carousal/service/{id}?limit=101', 'query.limit'],
    ['exponent limit', '/api/carousal/service/{id}?limit=1e1', 'query.limit'],
    ['unknown query key', '/api/carousal/service/{id}?sort=desc', 'query'],
  ])('refuses a %s with 400 naming the field', async (_, path, field) => {
    const response = await api(path.replace('{id}', await ecommerceId()));
    expect(response.status, response.text).toBe(400);
    const envelope = expectEnvelope(response.json, 400);
    expect(envelope.details?.issues?.map((i) => i.path)).toContain(field);
  });
});

describe('GET api/gallary/*', () => {
  it('all-items lists every item with its service, grouped in service order, positions 1..n', async () => {
    const response = await api('/api/gallary/all-items');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const { items } = listGalleryItemsResponseSchema.parse(response.json);
    const services = await catalogue();
    expect(items).toHaveLength(services.length * 3);
    for (const [index, service] of services.entries()) {
      const group = items.slice(index * 3, index * 3 + 3);
      expect(group.map((i) => i.service)).toEqual([0, 1, 2].map(() => ({ id: service.id, name: service.name })));
      expect(group.map((i) => i.displayOrder)).toEqual([1, 2, 3]);
      for (const item of group) {
        expect(item.title).toContain(service.name);
        expect(item.beforeImage).toBe(`/media/gallery/${item.id}/before.jpg`);
        expect(item.afterImage).toBe(`/media/gallery/${item.id}/after.jpg`);
      }
    }
  });

  it('all-items2 groups the same items by service', async () => {
    const { items } = listGalleryItemsResponseSchema.parse((await api('/api/gallary/all-items')).json);
    const response = await api('/api/gallary/all-items2');
    expect(response.status).toBe(200);
    const { services } = listGalleryByServiceResponseSchema.parse(response.json);
    expect(services.map((g) => g.service.id)).toEqual([...new Set(items.map((i) => i.service.id))]);
    expect(services.flatMap((g) => g.items.map((i) => i.id))).toEqual(items.map((i) => i.id));
    expect(Object.keys(services[0]!.items[0]!).sort()).toEqual([
      'afterImage',
      'beforeImage',
      'description',
      'id',
      'title',
    ]);
  });

  it('all-services lists the services that have gallery items, in display order', async () => {
    const response = await api('/api/gallary/all-services');
    expect(response.status).toBe(200);
    const { services } = listGalleryServicesResponseSchema.parse(response.json);
    expect(services).toEqual((await catalogue()).map((s) => ({ id: s.id, name: s.name })));
  });

  it('refuses query parameters it does not take', async () => {
    const response = await api('/api/gallary/all-items?serviceId=x');
    expect(response.status).toBe(400);
    expectEnvelope(response.json, 400);
  });
});

describe('GET api/job-openings', () => {
  it('lists only the active openings, newest first, as a bare array', async () => {
    const response = await api('/api/job-openings');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(Array.isArray(response.json)).toBe(true);
    const openings = listJobOpeningsResponseSchema.parse(response.json);
    // Other suites (careers, staff console) add openings of their own to the shared stack: of the
    // five seeded ones, the three active are listed in order and the two closed never are.
    const seededTitles = [
      'Senior Photo Retoucher',
      'Clipping Path Artist',
      'Client Success Coordinator',
      'Junior Retoucher (filled)',
      'Video Editor (closed)',
    ];
    const seeded = openings.filter((o) => seededTitles.includes(o.title));
    expect(seeded.map((o) => o.title)).toEqual(seededTitles.slice(0, 3));
    expect(openings.every((o) => o.isActive)).toBe(true);
    const dates = openings.map((o) => o.postedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(seeded[0]!.imageUrl).toMatch(/^\/media\/openings\/[0-9A-Z]{26}\.jpg$/);
    expect(seeded[1]!.imageUrl).toBeNull();
  });
});
