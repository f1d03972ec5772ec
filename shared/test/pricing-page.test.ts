import { describe, expect, it } from 'vitest';
import { lowestStartingPrice, startsAtText, type PricingService } from '../src/pricing.ts';
import {
  discountTiers,
  surchargeText,
  turnaroundText,
  turnaroundTimeText,
  volumeTierText,
} from '../src/pricing-text.ts';
import { pricingDescription } from '../src/site-pages.ts';

const service = (startsAt: PricingService['startsAt']): PricingService => ({
  id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
  title: 'Service',
  features: [],
  beforeImage: '/media/services/before.jpg',
  afterImage: '/media/services/after.jpg',
  startsAt,
  turnarounds: [{ id: 'standard', name: 'Standard', hours: 48, multiplier: 1 }],
  volumeTiers: [],
});

describe('the pricing page in words', () => {
  it('names the lowest price per image of every service in the page currency', () => {
    const services = [
      service([
        { currency: 'USD', cents: 120 },
        { currency: 'EUR', cents: 20 },
      ]),
      service([{ currency: 'USD', cents: 35 }]),
      service([]),
    ];
    expect(lowestStartingPrice(services)).toBe('$0.35');
    expect(pricingDescription(lowestStartingPrice(services))).toContain('from $0.35 per image');
    expect(startsAtText(services[1]!.startsAt, 'USD')).toBe('Price Starts $0.35 Per Image');
  });

  it('says no price when none is in the page currency', () => {
    expect(lowestStartingPrice([service([{ currency: 'EUR', cents: 20 }]), service([])])).toBeNull();
    expect(pricingDescription(null)).toBe(
      'Per-image prices for each retouching service, with 500+ images a day and the payment methods we accept.',
    );
  });
});

describe('turnarounds and volume tiers in words (#40)', () => {
  it('says what a turnaround adds to the price, in percent', () => {
    expect(turnaroundText({ name: 'Express', hours: 24, multiplier: 1.5 })).toBe('Express (24 h): +50 %');
    expect(turnaroundText({ name: 'Rush', hours: 12, multiplier: 2 })).toBe('Rush (12 h): +100 %');
    expect(turnaroundText({ name: 'Standard', hours: 48, multiplier: 1 })).toBe('Standard (48 h): no surcharge');
    // Two decimals are whole percents, without the float's 1.15 * 100 = 114.99999999999999.
    expect(surchargeText(1.15)).toBe('+15 %');
    expect(surchargeText(1.07)).toBe('+7 %');
    expect(surchargeText(10)).toBe('+900 %');
  });

  it('gives hours up to two days and whole days beyond', () => {
    expect(turnaroundTimeText(1)).toBe('1 h');
    expect(turnaroundTimeText(48)).toBe('48 h');
    expect(turnaroundTimeText(60)).toBe('60 h');
    expect(turnaroundTimeText(72)).toBe('3 days');
    expect(turnaroundTimeText(2160)).toBe('90 days');
  });

  it('says what a tier takes off and from how many photos', () => {
    expect(volumeTierText({ minPhotos: 100, discountPercent: 10 })).toBe('10 % off from 100 photos');
    expect(volumeTierText({ minPhotos: 1000, discountPercent: 20 })).toBe('20 % off from 1,000 photos');
    expect(volumeTierText({ minPhotos: 1, discountPercent: 5 })).toBe('5 % off from 1 photo');
  });

  it('tells only the tiers that take something off, fewest photos first', () => {
    const tiers = [
      { minPhotos: 1000, discountPercent: 20 },
      { minPhotos: 1, discountPercent: 0 },
      { minPhotos: 100, discountPercent: 10 },
    ];
    expect(discountTiers(tiers).map(volumeTierText)).toEqual([
      '10 % off from 100 photos',
      '20 % off from 1,000 photos',
    ]);
    expect(discountTiers([{ minPhotos: 1, discountPercent: 0 }])).toEqual([]);
  });
});
