import { currentReleaseKey, type ReleaseManifest } from '@studio/shared/site-render';
import { putJson } from './site-bucket.ts';

/**
 * Makes a written release the one served, in one step. Locally the site server reads the
 * pointer object `releases/current.json` on every request, so writing it is the switch. On AWS
 * the CDN's viewer-request function reads the current release from a CloudFront KeyValueStore
 * (./key-value-store-switch.ts); the pointer object is then the record the next publication
 * compares against.
 */
export interface ReleaseSwitch {
  switchTo(next: ReleaseManifest, previous: ReleaseManifest | undefined): Promise<void>;
}

export function pointerSwitch(bucket: string): ReleaseSwitch {
  return { switchTo: (next) => putJson(bucket, currentReleaseKey, next) };
}
