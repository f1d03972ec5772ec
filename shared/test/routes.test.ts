import { describe, expect, it } from 'vitest';
import { errorEnvelope, errorEnvelopeSchema } from '../src/errors.ts';
import { amountSchema } from '../src/currency.ts';
import { pricingFeature } from '../src/pricing.ts';
import { isAllowed } from '../src/access.ts';
import { fillPath, routeGroups, routeList } from '../src/routes/index.ts';

describe('route table', () => {
  it('declares each method and path once', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses only declared groups, and every group has a route', () => {
    for (const route of routeList) expect(routeGroups).toContain(route.group);
    for (const group of routeGroups) expect(routeList.some((r) => r.group === group)).toBe(true);
  });

  it("spells groups right: the spec's 'carousal' and 'gallary' live in paths only", () => {
    for (const group of routeGroups) expect(group).not.toMatch(/carousal|gallary/);
    const misspelled = routeList.filter((r) => /carousal|gallary/.test(r.path));
    expect(new Set(misspelled.map((r) => r.group))).toEqual(new Set(['carousel', 'gallery']));
  });

  it('writes paths as the spec does: api/..., no leading slash, {name} parameters', () => {
    // A document served as a file names its type (`api/openapi.json`, #36); nothing else has a dot.
    for (const route of routeList) expect(route.path).toMatch(/^api\/[A-Za-z0-9\-/{}]+(\.json)?$/);
  });

  it('lets only public GETs be cached by a shared cache', () => {
    for (const route of routeList.filter((r) => r.cacheSeconds)) {
      expect(route.method).toBe('GET');
      expect(route.access).toBe('public');
    }
  });
});

describe('fillPath', () => {
  it('fills and encodes parameters', () => {
    expect(fillPath('api/services/{id}', { id: 'a/b' })).toBe('/api/services/a%2Fb');
  });
  it('refuses a missing parameter', () => {
    expect(() => fillPath('api/services/{id}', {})).toThrow(/id/);
  });
});

describe('isAllowed', () => {
  it('lets anyone call a public route', () => {
    expect(isAllowed('public', null)).toBe(true);
    expect(isAllowed('public', 'EDITOR')).toBe(true);
  });
  it('refuses anonymous callers and principals not listed', () => {
    expect(isAllowed(['SUPER_ADMIN'], null)).toBe(false);
    expect(isAllowed(['SUPER_ADMIN'], 'MANAGER')).toBe(false);
    expect(isAllowed(['SUPER_ADMIN', 'MANAGER'], 'MANAGER')).toBe(true);
    expect(isAllowed(['CLIENT'], 'SUPER_ADMIN')).toBe(false);
  });
});

describe('error envelope', () => {
  it('carries the status of its code', () => {
    const envelope = errorEnvelope('NOT_FOUND', 'gone');
    expect(envelope).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'gone' });
    expect(errorEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });
});

describe('prices', () => {
  it('accepts whole cents only, never negative', () => {
    expect(amountSchema.safeParse(0.49).success).toBe(true);
    expect(amountSchema.safeParse(12).success).toBe(true);
    expect(amountSchema.safeParse(0.495).success).toBe(false);
    expect(amountSchema.safeParse(-1).success).toBe(false);
  });

  it('formats pricing features in USD, with "-" when there is no USD price', () => {
    expect(pricingFeature('Clipping Path', [{ currency: 'USD', price: 0.5, cents: 50 }])).toBe('Clipping Path - $0.50');
    expect(pricingFeature('Clipping Path', [{ currency: 'EUR', price: 0.5, cents: 50 }])).toBe('Clipping Path - -');
  });
});
