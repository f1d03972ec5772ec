import { maxPhotosPerJob } from '@studio/shared/job';

/** Spec §5: the photo count is at least 1; lower, empty or fractional values are forced to a whole number >= 1. */
export function forcePhotoCount(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number(raw.trim() === '' ? NaN : raw);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), maxPhotosPerJob);
}
