import { formatCents } from '@studio/shared/money';
import type { Price } from '@studio/shared/service';

/** What the catalogue screens say while the services load, when there are none, and on failure (spec §8). */
export const servicesText = {
  loading: 'Loading services...',
  empty: 'No services yet. Add one first.',
  error: 'Error fetching services. Please try again.',
} as const;

/** A subservice's prices per photo as people read them: `$2.50 / €2.25`, or `—` without any. */
export const pricesText = (prices: readonly Price[]) =>
  prices.map((price) => formatCents(price.cents, price.currency)).join(' / ') || '—';
