import { useEffect, useState } from 'react';
import { defaultCurrency, type Currency } from '@studio/shared/currency';

/*
 * The currency a visitor most likely pays in, from the browser's languages (#17, the "Price Starts"
 * texts): the United Kingdom's pound, the euro area's euro, else the default (USD). Public pages
 * are rendered ahead of time in the default; the visitor's own is taken after the page starts, so
 * the first paint and the prerendered HTML agree.
 */

const euroRegions = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
]);

/** The currency of the first language tag that names a region we price in (`en-GB` -> GBP). */
export function currencyOfLanguages(languages: readonly string[]): Currency {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (!region) continue;
    if (region === 'GB') return 'GBP';
    if (euroRegions.has(region)) return 'EUR';
    return defaultCurrency;
  }
  return defaultCurrency;
}

export function useVisitorCurrency(): Currency {
  const [currency, setCurrency] = useState<Currency>(defaultCurrency);
  useEffect(() => {
    setCurrency(currencyOfLanguages(navigator.languages ?? [navigator.language]));
  }, []);
  return currency;
}
