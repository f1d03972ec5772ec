import type { Currency } from '@studio/shared/currency';
import { maxPhotosPerJob } from '@studio/shared/job';
import type { SubService } from '@studio/shared/service';

/** A subservice's per-photo price in `currency`, in whole cents; null when it has no price there. */
export function unitPriceCents(subService: Pick<SubService, 'prices'>, currency: Currency): number | null {
  const price = subService.prices.find((entry) => entry.currency === currency);
  // Prices are stored with at most 2 decimals; rounding removes binary noise (0.29 * 100 = 28.999...).
  return price ? Math.round(price.price * 100) : null;
}

/**
 * The live total as the server computes it (spec §9 with the photo count): per-photo price
 * in cents x photos, summed over the chosen subservices that have a price in `currency`. Integer
 * cents throughout, so the page never shows a total the server would not charge.
 */
export function quoteTotalCents(
  subServices: readonly Pick<SubService, 'id' | 'prices'>[],
  selectedIds: ReadonlySet<string>,
  currency: Currency,
  numberOfPhotos: number,
): number {
  let total = 0;
  for (const subService of subServices) {
    if (!selectedIds.has(subService.id)) continue;
    const cents = unitPriceCents(subService, currency);
    if (cents !== null) total += cents * numberOfPhotos;
  }
  return total;
}

/** Spec §5: the photo count is at least 1; lower, empty or fractional values are forced to a whole number >= 1. */
export function forcePhotoCount(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number(raw.trim() === '' ? NaN : raw);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), maxPhotosPerJob);
}

/** `1234` cents -> `1234 / 100` major units, for formatPrice. */
export function centsToAmount(cents: number): number {
  return cents / 100;
}
