import { describe, expect, it } from 'vitest';
import { currencies } from '@studio/shared/currency';
import { pricingResponseSchema } from '@studio/shared/pricing';
import {
  getServiceResponseSchema,
  listServicesResponseSchema,
  listSubServicesResponseSchema,
} from '@studio/shared/service';
import { listSliderImagesResponseSchema } from '@studio/shared/slider-image';
import { listTestimonialsResponseSchema } from '@studio/shared/testimonial';
import { api, expectEnvelope } from './support.ts';

const serviceLines = [
  'Ecommerce',
  'High-End',
  'Jewelry',
  'Headshot',
  'Newborn',
  'Model retouching',
  'Photo Restoration',
  'Color Grading',
];

async function services() {
  const { status, json } = await api('/api/services');
  expect(status).toBe(200);
  return listServicesResponseSchema.parse(json).services;
}

describe('GET api/services', () => {
  it('lists the eight seeded service lines in display order, each with priced subservices', async () => {
    const list = await services();
    expect(list.map((s) => s.name)).toEqual(serviceLines);
    expect(list.map((s) => s.order)).toEqual([...list.map((s) => s.order)].sort((a, b) => a - b));
    for (const service of list) {
      expect(service.subServices.length).toBeGreaterThan(0);
      for (const sub of service.subServices) {
        expect(sub.serviceId).toBe(service.id);
        expect(sub.prices.map((p) => p.currency)).toEqual([...currencies]);
      }
    }
  });

  it('answers JSON that a shared cache may keep, without storage attributes', async () => {
    const response = await api('/api/services');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(response.text).not.toMatch(/"(PK|SK|GSI[123]PK|GSI[123]SK|type)"/);
  });

  it('serves the before and after images it names', async () => {
    const [first] = await services();
    for (const url of [first!.beforeImage, first!.afterImage]) {
      expect(url).toMatch(/^\/media\//);
    }
  });

  it('refuses unknown query parameters with a 400 naming them', async () => {
    const { status, json } = await api('/api/services?foo=bar');
    expect(status).toBe(400);
    expect(expectEnvelope(json, 400).details?.issues?.[0]?.path).toBe('query');
  });
});

describe('GET api/services/{id}', () => {
  it('returns the service with its subservices', async () => {
    const [first] = await services();
    const { status, json } = await api(`/api/services/${first!.id}`);
    expect(status).toBe(200);
    const { service } = getServiceResponseSchema.parse(json);
    expect(service).toEqual(first);
  });

  it('answers 404 in the envelope for an unknown id', async () => {
    const { status, json } = await api('/api/services/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(status).toBe(404);
    expect(expectEnvelope(json, 404).error).toBe('NOT_FOUND');
  });

  it.each([
    ['not-an-id'],
    ['01ARZ3NDEKTSV4RRFFQ69G5FA'],
    ['01ARZ3NDEKTSV4RRFFQ69G5FAVX'],
    ['%E0%A4%A'],
    ["1'%20OR%20'1'='1"],
    ['..%2F..%2Fetc%2Fpasswd'],
  ])('answers 400 in the envelope for the malformed id %s', async (id) => {
    const { status, json } = await api(`/api/services/${id}`);
    expect(status).toBe(400);
    const envelope = expectEnvelope(json, 400);
    expect(envelope.error).toBe('VALIDATION_FAILED');
    expect(envelope.details?.issues?.[0]?.path).toBe('params.id');
  });
});

describe('subservices', () => {
  it('GET api/subservices lists every subservice, and filters by serviceId', async () => {
    const list = await services();
    const all = listSubServicesResponseSchema.parse((await api('/api/subservices')).json).subServices;
    expect(all).toHaveLength(list.reduce((n, s) => n + s.subServices.length, 0));
    const target = list[2]!;
    const filtered = listSubServicesResponseSchema.parse(
      (await api(`/api/subservices?serviceId=${target.id}`)).json,
    ).subServices;
    expect(filtered).toEqual(target.subServices);
  });

  it('GET api/subservices with an unknown serviceId is an empty list; a malformed one is a 400', async () => {
    const unknown = await api('/api/subservices?serviceId=01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(unknown.status).toBe(200);
    expect(listSubServicesResponseSchema.parse(unknown.json).subServices).toEqual([]);
    const malformed = await api('/api/subservices?serviceId=abc');
    expect(malformed.status).toBe(400);
    expect(expectEnvelope(malformed.json, 400).details?.issues?.[0]?.path).toBe('query.serviceId');
  });

  it('GET api/subServices/service/{id} lists one service’s subservices, 404 for an unknown service', async () => {
    const [first] = await services();
    const ok = await api(`/api/subServices/service/${first!.id}`);
    expect(listSubServicesResponseSchema.parse(ok.json).subServices).toEqual(first!.subServices);
    const missing = await api('/api/subServices/service/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(missing.status).toBe(404);
    expectEnvelope(missing.json, 404);
  });
});

describe('home page content', () => {
  it('GET api/pricing gives one section per service with "name - price" features in USD', async () => {
    const list = await services();
    const { status, json } = await api('/api/pricing');
    expect(status).toBe(200);
    const pricing = pricingResponseSchema.parse(json).services;
    expect(pricing.map((p) => p.title)).toEqual(serviceLines);
    const first = list[0]!;
    const usd = first.subServices[0]!.prices.find((p) => p.currency === 'USD')!.price;
    expect(pricing[0]!.features[0]).toBe(`${first.subServices[0]!.name} - $${usd.toFixed(2)}`);
    // "Price Starts $x Per Image" (#17): the cheapest subservice of each service, in each currency.
    for (const [index, service] of list.entries()) {
      for (const currency of ['USD', 'EUR', 'GBP'] as const) {
        const cheapest = Math.min(
          ...service.subServices.flatMap((sub) =>
            sub.prices.filter((p) => p.currency === currency).map((p) => p.cents),
          ),
        );
        expect(pricing[index]!.startsAt.find((p) => p.currency === currency)?.cents).toBe(cheapest);
      }
      // The whole price (#40): each service's turnarounds and volume tiers, as the service has them.
      expect(pricing[index]!.turnarounds).toEqual(service.turnarounds);
      expect(pricing[index]!.volumeTiers).toEqual(service.volumeTiers);
    }
    expect(pricing.some((p) => p.turnarounds.some((t) => t.multiplier > 1) && p.volumeTiers.length > 1)).toBe(true);
  });

  it('GET api/testimonials is an array of text, author and position', async () => {
    const { status, json } = await api('/api/testimonials');
    expect(status).toBe(200);
    const list = listTestimonialsResponseSchema.parse(json);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((t) => t.text && t.author && t.position)).toBe(true);
  });

  it('GET api/slider-images lists the seven hero slides', async () => {
    const { status, json } = await api('/api/slider-images');
    expect(status).toBe(200);
    expect(listSliderImagesResponseSchema.parse(json).images).toHaveLength(7);
  });
});

describe('the gateway answers every failure in the envelope', () => {
  it('an unknown API path is a 404', async () => {
    const { status, json } = await api('/api/nothing-here');
    expect(status).toBe(404);
    expectEnvelope(json, 404);
  });

  it('a known path with another method is a 405 listing the allowed ones', async () => {
    // `api/services` also takes staff writes (issue 5), so a GET-only path.
    const response = await api('/api/pricing', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expectEnvelope(response.json, 405);
  });

  it('a body over 10 MB is a 413', async () => {
    const { status, json } = await api('/api/services', {
      method: 'POST',
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(status).toBe(413);
    expect(expectEnvelope(json, 413).error).toBe('PAYLOAD_TOO_LARGE');
  });
});
