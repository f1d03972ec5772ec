import { bucketDefinitions } from '@studio/shared/platform';

/**
 * Catalogue images are stored under `media/` in the media bucket and served at the same path by
 * the CDN (and by the Vite proxy locally), so an object key is also its URL path.
 */
export function mediaUrl(key: string): string;
export function mediaUrl(key: string | undefined | null): string | null;
export function mediaUrl(key: string | undefined | null): string | null {
  if (!key) return null;
  if (!key.startsWith(bucketDefinitions.media.publicPrefix)) {
    throw new Error('media keys live under the public prefix');
  }
  return '/' + key;
}
