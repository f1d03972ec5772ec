/**
 * Countries offered by the phone input: ISO code, name and dialling code. A short list of the
 * places applicants most often write from; the United States is the default (spec §5).
 */
export interface PhoneCountry {
  code: string;
  name: string;
  dial: string;
}

export const phoneCountries: readonly PhoneCountry[] = [
  { code: 'US', name: 'United States', dial: '1' },
  { code: 'CA', name: 'Canada', dial: '1' },
  { code: 'GB', name: 'United Kingdom', dial: '44' },
  { code: 'IE', name: 'Ireland', dial: '353' },
  { code: 'IN', name: 'India', dial: '91' },
  { code: 'BD', name: 'Bangladesh', dial: '880' },
  { code: 'PK', name: 'Pakistan', dial: '92' },
  { code: 'LK', name: 'Sri Lanka', dial: '94' },
  { code: 'NP', name: 'Nepal', dial: '977' },
  { code: 'PH', name: 'Philippines', dial: '63' },
  { code: 'VN', name: 'Vietnam', dial: '84' },
  { code: 'ID', name: 'Indonesia', dial: '62' },
  { code: 'MY', name: 'Malaysia', dial: '60' },
  { code: 'SG', name: 'Singapore', dial: '65' },
  { code: 'CN', name: 'China', dial: '86' },
  { code: 'JP', name: 'Japan', dial: '81' },
  { code: 'KR', name: 'South Korea', dial: '82' },
  { code: 'AU', name: 'Australia', dial: '61' },
  { code: 'NZ', name: 'New Zealand', dial: '64' },
  { code: 'AE', name: 'United Arab Emirates', dial: '971' },
  { code: 'SA', name: 'Saudi Arabia', dial: '966' },
  { code: 'EG', name: 'Egypt', dial: '20' },
  { code: 'NG', name: 'Nigeria', dial: '234' },
  { code: 'KE', name: 'Kenya', dial: '254' },
  { code: 'ZA', name: 'South Africa', dial: '27' },
  { code: 'DE', name: 'Germany', dial: '49' },
  { code: 'FR', name: 'France', dial: '33' },
  { code: 'ES', name: 'Spain', dial: '34' },
  { code: 'IT', name: 'Italy', dial: '39' },
  { code: 'NL', name: 'Netherlands', dial: '31' },
  { code: 'PL', name: 'Poland', dial: '48' },
  { code: 'UA', name: 'Ukraine', dial: '380' },
  { code: 'TR', name: 'Turkey', dial: '90' },
  { code: 'BR', name: 'Brazil', dial: '55' },
  { code: 'MX', name: 'Mexico', dial: '52' },
  { code: 'AR', name: 'Argentina', dial: '54' },
  { code: 'CO', name: 'Colombia', dial: '57' },
];

export const defaultPhoneCountry = 'US';

/** The number sent to the API: `+`, the dialling code and the national digits (E.164). */
export function internationalNumber(countryCode: string, national: string): string {
  const country = phoneCountries.find((c) => c.code === countryCode) ?? phoneCountries[0]!;
  const digits = national.replace(/\D/g, '');
  return digits ? `+${country.dial}${digits}` : '';
}
