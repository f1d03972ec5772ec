import { describe, expect, it } from 'vitest';
import { currencies, paymentPageCurrencies } from '../src/currency.ts';
import { formatPrice } from '../src/money.ts';
import {
  cheapestUnitPriceCents,
  jobTotalCents,
  nextVolumeTier,
  priceJob,
  priceLine,
  unitPriceCents,
  volumeTierFor,
  type PriceLineInput,
} from '../src/job-pricing.ts';
import { maxPhotosPerJob, maxSubServicesPerJob } from '../src/job.ts';
import { amountFromCents, centsFromAmount, formatCents, maxUnitPriceCents } from '../src/money.ts';

const line = (id: string, unitPriceCents: number): PriceLineInput => ({ id, name: `Sub ${id}`, unitPriceCents });

describe('unitPriceCents and priceLine', () => {
  const sub = {
    id: 'a',
    name: 'Clipping Path',
    prices: [
      { currency: 'USD' as const, price: 0.29, cents: 29 },
      { currency: 'EUR' as const, price: 0.27, cents: 27 },
    ],
  };

  it("reads the subservice's price in the currency, in cents", () => {
    expect(unitPriceCents(sub, 'USD')).toBe(29);
    expect(unitPriceCents(sub, 'EUR')).toBe(27);
    expect(priceLine(sub, 'EUR')).toEqual({ id: 'a', name: 'Clipping Path', unitPriceCents: 27 });
  });

  it('is null where the subservice has no price', () => {
    expect(unitPriceCents(sub, 'GBP')).toBeNull();
    expect(priceLine(sub, 'GBP')).toBeNull();
  });
});

describe('priceJob', () => {
  it('prices each line as price per photo x photos and sums them, with no discount or surcharge without tiers or turnaround', () => {
    const price = priceJob({ lines: [line('a', 29), line('b', 110)], photos: 3, currency: 'USD' });
    expect(price).toEqual({
      currency: 'USD',
      photos: 3,
      lines: [
        { id: 'a', name: 'Sub a', unitPriceCents: 29, amountCents: 87 },
        { id: 'b', name: 'Sub b', unitPriceCents: 110, amountCents: 330 },
      ],
      subtotalCents: 417,
      volumeTier: null,
      discountCents: 0,
      rushSurchargeCents: 0,
      totalCents: 417,
    });
    expect(jobTotalCents({ lines: [line('a', 29), line('b', 110)], photos: 3, currency: 'USD' })).toBe(417);
  });

  it('is 0 with no lines', () => {
    expect(jobTotalCents({ lines: [], photos: 50, currency: 'EUR' })).toBe(0);
  });

  it('does not drift with many photos: 0.29 x 100,000 photos is 29,000.00 exactly', () => {
    // What adding up major units in floating point would give instead.
    expect(0.29 * 100_000).not.toBe(29_000);
    expect(0.1 + 0.2).not.toBe(0.3);
    const cents = centsFromAmount(0.29);
    expect(cents).toBe(29);
    const total = jobTotalCents({ lines: [line('a', cents)], photos: maxPhotosPerJob, currency: 'USD' });
    expect(total).toBe(2_900_000);
    expect(formatCents(total, 'USD')).toBe('$29,000.00');
    const tenths = [line('x', centsFromAmount(0.1)), line('y', centsFromAmount(0.2))];
    expect(amountFromCents(jobTotalCents({ lines: tenths, photos: 100_000, currency: 'EUR' }))).toBe(30_000);
  });

  it('is exact for every currency at the largest order: 50 subservices at the top price x 100,000 photos', () => {
    const lines = Array.from({ length: maxSubServicesPerJob }, (_, i) => line(`s${i}`, maxUnitPriceCents));
    for (const currency of currencies) {
      const price = priceJob({ lines, photos: maxPhotosPerJob, currency });
      const exact = BigInt(maxUnitPriceCents) * BigInt(maxPhotosPerJob) * BigInt(maxSubServicesPerJob);
      expect(BigInt(price.totalCents)).toBe(exact);
      expect(price.currency).toBe(currency);
      expect(Number.isSafeInteger(price.totalCents)).toBe(true);
    }
  });

  it('agrees with exact integer arithmetic on many random orders', () => {
    let seed = 17;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let order = 0; order < 2000; order++) {
      const lines = Array.from({ length: 1 + random(maxSubServicesPerJob) }, (_, i) =>
        line(`l${i}`, random(maxUnitPriceCents + 1)),
      );
      const photos = 1 + random(maxPhotosPerJob);
      const exact = lines.reduce((sum, l) => sum + BigInt(l.unitPriceCents) * BigInt(photos), 0n);
      expect(BigInt(jobTotalCents({ lines, photos, currency: 'GBP' }))).toBe(exact);
    }
  });

  it('refuses fractional or negative amounts and counts, and totals past the safe integers', () => {
    expect(() => priceJob({ lines: [line('a', 29.5)], photos: 2, currency: 'USD' })).toThrow(RangeError);
    expect(() => priceJob({ lines: [line('a', -1)], photos: 2, currency: 'USD' })).toThrow(RangeError);
    expect(() => priceJob({ lines: [line('a', 29)], photos: 1.5, currency: 'USD' })).toThrow(RangeError);
    expect(() => priceJob({ lines: [line('a', 29)], photos: -1, currency: 'USD' })).toThrow(RangeError);
    expect(() =>
      priceJob({ lines: [line('a', Number.MAX_SAFE_INTEGER), line('b', 1)], photos: 1, currency: 'USD' }),
    ).toThrow(RangeError);
    expect(() => priceJob({ lines: [line('a', 2 ** 40)], photos: 2 ** 20, currency: 'USD' })).toThrow(RangeError);
  });
});

describe('cents', () => {
  it('turns every price with two decimals into its exact whole cents', () => {
    for (let cents = 0; cents <= 1_000_000; cents++) {
      const amount = Number((cents / 100).toFixed(2));
      if (centsFromAmount(amount) !== cents) expect.fail(`${amount} became ${centsFromAmount(amount)}`);
    }
    for (let cents = maxUnitPriceCents - 10_000; cents <= maxUnitPriceCents; cents++) {
      const amount = Number((cents / 100).toFixed(2));
      if (centsFromAmount(amount) !== cents) expect.fail(`${amount} became ${centsFromAmount(amount)}`);
      if (amountFromCents(cents) !== amount) expect.fail(`${cents} became ${amountFromCents(cents)}`);
    }
  });

  it('refuses what is not an amount', () => {
    expect(() => centsFromAmount(Number.NaN)).toThrow(RangeError);
    expect(() => centsFromAmount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it("writes each currency's symbol and two decimals", () => {
    expect(formatCents(49, 'USD')).toBe('$0.49');
    expect(formatCents(1200, 'EUR')).toBe('€12.00');
    expect(formatCents(79, 'GBP')).toBe('£0.79');
    expect(formatCents(0, 'USD')).toBe('$0.00');
    expect(formatCents(123_456_789, 'GBP')).toBe('£1,234,567.89');
    expect(formatCents(-5, 'USD')).toBe('-$0.05');
  });

  it('never rounds a large total', () => {
    expect(formatCents(499_999_995_000_000, 'USD')).toBe('$4,999,999,950,000.00');
    expect(formatCents(Number.MAX_SAFE_INTEGER, 'EUR')).toBe('€90,071,992,547,409.91');
  });

  it('formats major-unit prices the same way', () => {
    expect(formatPrice(0.49, 'USD')).toBe('$0.49');
    expect(formatPrice(12, 'EUR')).toBe('€12.00');
    expect(formatPrice(0.29, 'GBP')).toBe('£0.29');
  });

  it('refuses what is not whole cents', () => {
    expect(() => formatCents(0.5, 'USD')).toThrow(RangeError);
  });

  it("writes what Intl.NumberFormat('en-US') writes, without it", () => {
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 99_999_999, 100_000_000];
    for (let seed = 1; amounts.length < 200; seed = (seed * 48271) % 2147483647) amounts.push(seed % 10 ** (seed % 14));
    for (const currency of currencies) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      for (const cents of amounts.flatMap((amount) => [amount, -amount])) {
        const units = Math.abs(cents);
        const decimal = `${cents < 0 ? '-' : ''}${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
        expect(formatCents(cents, currency), `${cents} ${currency}`).toBe(
          intl.format(decimal as Intl.StringNumericLiteral),
        );
      }
    }
  });
});

describe('payment page currencies', () => {
  it("lists the spec's choices in its order, each job currency once", () => {
    expect(paymentPageCurrencies.map((entry) => entry.label)).toEqual(['IND', 'USD', 'EUR', 'CAD', 'GBP', 'Other']);
    const payable = paymentPageCurrencies.flatMap((entry) => (entry.currency ? [entry.currency] : []));
    expect([...payable].sort()).toEqual([...currencies].sort());
  });
});

describe('turnarounds x volume tiers x currencies (#17)', () => {
  const tiers = [
    { minPhotos: 1, discountPercent: 0 },
    { minPhotos: 100, discountPercent: 10 },
    { minPhotos: 1000, discountPercent: 20 },
  ];
  const turnarounds = {
    standard: { multiplier: 1 },
    express: { multiplier: 1.5 },
    rush: { multiplier: 2 },
  } as const;
  // One subservice at 0.49 / 0.45 / 0.39 per photo.
  const unit = { USD: 49, EUR: 45, GBP: 39 } as const;

  /** The expected figures, worked out by hand from the rule in the module's header. */
  function expected(cents: number, photos: number, percent: number, hundredths: number) {
    const subtotal = cents * photos;
    const discount = Math.round((subtotal * percent) / 100);
    const surcharge = Math.round(((subtotal - discount) * (hundredths - 100)) / 100);
    return { subtotal, discount, surcharge, total: subtotal - discount + surcharge };
  }

  const cases: [number, number][] = [
    [1, 0],
    [99, 0],
    [100, 10],
    [101, 10],
    [999, 10],
    [1000, 20],
    [1001, 20],
  ];
  for (const currency of currencies) {
    for (const [name, turnaround] of Object.entries(turnarounds)) {
      for (const [photos, percent] of cases) {
        it(`${currency}, ${name}, ${photos} photos: ${percent} % off, x${turnaround.multiplier}`, () => {
          const price = priceJob({
            lines: [line('a', unit[currency])],
            photos,
            currency,
            turnaround,
            volumeTiers: tiers,
          });
          const want = expected(unit[currency], photos, percent, Math.round(turnaround.multiplier * 100));
          expect(price.volumeTier?.discountPercent).toBe(percent);
          expect(price.subtotalCents).toBe(want.subtotal);
          expect(price.discountCents).toBe(want.discount);
          expect(price.rushSurchargeCents).toBe(want.surcharge);
          expect(price.totalCents).toBe(want.total);
          expect(price.totalCents).toBe(price.subtotalCents - price.discountCents + price.rushSurchargeCents);
        });
      }
    }
  }

  it('Express for 150 photos at $0.49: $73.50, less 10 % ($7.35), plus half ($33.08): $99.23', () => {
    const price = priceJob({
      lines: [line('a', 49)],
      photos: 150,
      currency: 'USD',
      turnaround: turnarounds.express,
      volumeTiers: tiers,
    });
    expect(price).toMatchObject({
      subtotalCents: 7350,
      discountCents: 735,
      rushSurchargeCents: 3308,
      totalCents: 9923,
    });
    expect(formatCents(price.totalCents, 'USD')).toBe('$99.23');
  });

  it('rounds each share half up, once: 10 % of 5 cents is 1 cent, x1.5 of 45 cents adds 23', () => {
    expect(
      priceJob({
        lines: [line('a', 5)],
        photos: 1,
        currency: 'USD',
        volumeTiers: [{ minPhotos: 1, discountPercent: 10 }],
      }),
    ).toMatchObject({ discountCents: 1, totalCents: 4 });
    expect(
      priceJob({ lines: [line('a', 45)], photos: 1, currency: 'USD', turnaround: { multiplier: 1.5 } }),
    ).toMatchObject({
      rushSurchargeCents: 23,
      totalCents: 68,
    });
  });

  it('stays exact where the share passes the safe integers on the way (largest job, x10, 90 % off)', () => {
    const price = priceJob({
      lines: Array.from({ length: maxSubServicesPerJob }, (_, i) => line(String(i), maxUnitPriceCents)),
      photos: maxPhotosPerJob,
      currency: 'USD',
      turnaround: { multiplier: 9.99 },
      volumeTiers: [{ minPhotos: 1, discountPercent: 90 }],
    });
    const subtotal = BigInt(maxUnitPriceCents) * BigInt(maxPhotosPerJob) * BigInt(maxSubServicesPerJob);
    const discount = (subtotal * 90n * 2n + 100n) / 200n;
    const surcharge = ((subtotal - discount) * 899n * 2n + 100n) / 200n;
    expect(BigInt(price.discountCents)).toBe(discount);
    expect(BigInt(price.rushSurchargeCents)).toBe(surcharge);
    expect(BigInt(price.totalCents)).toBe(subtotal - discount + surcharge);
  });

  it('finds the tier reached and the next one, whatever the order tiers are listed in', () => {
    const shuffled = [tiers[2]!, tiers[0]!, tiers[1]!];
    expect(volumeTierFor(shuffled, 99)).toEqual(tiers[0]);
    expect(volumeTierFor(shuffled, 100)).toEqual(tiers[1]);
    expect(volumeTierFor(shuffled, 1000)).toEqual(tiers[2]);
    expect(volumeTierFor([{ minPhotos: 10, discountPercent: 5 }], 9)).toBeNull();
    expect(nextVolumeTier(shuffled, 99)).toEqual(tiers[1]);
    expect(nextVolumeTier(shuffled, 150)).toEqual(tiers[2]);
    expect(nextVolumeTier(shuffled, 1000)).toBeNull();
  });

  it('takes the cheapest price per photo of a service in each currency', () => {
    const prices = (usd: number, eur?: number) => [
      { currency: 'USD' as const, price: usd / 100, cents: usd },
      ...(eur === undefined ? [] : [{ currency: 'EUR' as const, price: eur / 100, cents: eur }]),
    ];
    const service = { subServices: [{ prices: prices(60, 55) }, { prices: prices(49) }, { prices: prices(150, 138) }] };
    expect(cheapestUnitPriceCents(service, 'USD')).toBe(49);
    expect(cheapestUnitPriceCents(service, 'EUR')).toBe(55);
    expect(cheapestUnitPriceCents(service, 'GBP')).toBeNull();
  });
});
