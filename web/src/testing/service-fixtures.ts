import type { Service, SubService } from '@studio/shared/service';

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A valid, sortable ULID for fixture number `n` (< 32^4). */
export function fixtureId(n: number, prefix = '01JD0SERV1CE0000000000'): string {
  let suffix = '';
  for (let value = n, i = 0; i < 4; i += 1, value = Math.floor(value / 32)) {
    suffix = crockford[value % 32] + suffix;
  }
  return prefix + suffix;
}

const lorem =
  'Clean backgrounds, colour-matched products and natural skin: every image is checked by a senior retoucher before delivery so your catalogue stays consistent.';

export function makeService(n: number, overrides: Partial<Service> = {}): Service {
  const id = fixtureId(n);
  return {
    id,
    name: `Service ${n}`,
    description: `Description of service ${n}.`,
    beforeImage: `/media/services/${id}/before.svg`,
    afterImage: `/media/services/${id}/after.svg`,
    order: n,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-02-01T08:30:00.000Z',
    subServices: [],
    turnarounds: [{ id: 'standard', name: 'Standard', hours: 48, multiplier: 1 }],
    volumeTiers: [],
    ...overrides,
  };
}

/** `count` services numbered from 1; the first has a description long enough to be truncated. */
export function makeServices(count: number): Service[] {
  return Array.from({ length: count }, (_, index) => makeService(index + 1, index === 0 ? { description: lorem } : {}));
}

/** Subservice `n` of service `fixtureId(serviceNumber)`, at 1.00 USD unless `prices` are given. */
export function makeSubService(
  n: number,
  prices: SubService['prices'] = [{ price: 1, currency: 'USD', cents: 100 }],
  serviceNumber = 1,
): SubService {
  return {
    id: fixtureId(n, '01JD0SVB00000000000000'),
    serviceId: fixtureId(serviceNumber),
    name: `Sub ${n}`,
    description: '',
    order: n,
    prices,
    beforeImage: null,
    afterImage: null,
  };
}
