import { describe, expect, it } from 'vitest';
import { lowestStartingPrice, startsAtText, type PricingService } from '../src/pricing.ts';
import { pricingDescription } from '../src/site-pages.ts';

const service = (startsAt: PricingService['startsAt']): PricingService => ({
  id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
  title: 'Service',
  features: [],
  beforeImage: '/media/services/before.jpg',
  afterImage: '/media/services/after.jpg',
  startsAt,
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
