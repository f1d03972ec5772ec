import { describe, expect, it } from 'vitest';
import { euCountryCodes, reverseChargeApplies } from '@studio/shared/invoice';

describe('the reverse charge of an invoice (#35)', () => {
  const buyer = (country: string, vatNumber = `${country}123456789`) => ({ country, vatNumber });

  it('applies between two different EU member states when the buyer gives a VAT number', () => {
    expect(reverseChargeApplies('DE', buyer('PL'))).toBe(true);
    expect(reverseChargeApplies('pl', buyer('FR'))).toBe(true);
    expect(reverseChargeApplies('AT', buyer('GR', 'EL123456789'))).toBe(true);
  });

  it('does not apply within one country, without a VAT number, or outside the EU', () => {
    expect(reverseChargeApplies('DE', buyer('DE'))).toBe(false);
    expect(reverseChargeApplies('DE', buyer('PL', ''))).toBe(false);
    expect(reverseChargeApplies('DE', buyer('PL', '   '))).toBe(false);
    expect(reverseChargeApplies('DE', buyer('GB'))).toBe(false);
    expect(reverseChargeApplies('GB', buyer('DE'))).toBe(false);
    expect(reverseChargeApplies('CH', buyer('US'))).toBe(false);
  });

  it('does not apply while the studio has not said where it is, or the buyer gave no country', () => {
    expect(reverseChargeApplies('', buyer('PL'))).toBe(false);
    expect(reverseChargeApplies('DE', buyer(''))).toBe(false);
  });

  it('knows the 27 member states', () => {
    expect(euCountryCodes).toHaveLength(27);
    expect(new Set(euCountryCodes).size).toBe(27);
    expect(euCountryCodes).toContain('HR');
    expect(euCountryCodes).not.toContain('GB');
  });
});
