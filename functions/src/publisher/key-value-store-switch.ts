// The KeyValueStore API is signed with SigV4A; this registers the SDK's JavaScript signer for it.
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { releaseStoreKeys } from '@studio/shared/site-publishing';
import { traced } from '../lib/observability.ts';
import { currentReleaseKey, type ReleaseManifest } from '@studio/shared/site-render';
import type { ReleaseSwitch } from './release-switch.ts';
import { putJson } from './site-bucket.ts';

/** Keys one UpdateKeys call changes at most; the release switch is always in the last call. */
const keysPerCall = 50;

/**
 * The switch on AWS: the CDN's viewer-request function (infra spa-rewrite.ts) reads the current
 * release and which services have a page from a CloudFront KeyValueStore. New service keys are
 * put first (they name pages of the release being switched to, so in the last call with the
 * release itself whenever they fit), then the release key and the removed services' deletions in
 * one all-or-nothing UpdateKeys call. The bucket's pointer object then records the release for
 * the next publication's comparison.
 */
export function keyValueStoreSwitch(bucket: string, storeArn: string): ReleaseSwitch {
  const client = traced(new CloudFrontKeyValueStoreClient({ retryMode: 'standard' }));
  return {
    async switchTo(next, previous: ReleaseManifest | undefined) {
      const before = new Set(previous?.serviceIds ?? []);
      const after = new Set(next.serviceIds);
      const added = next.serviceIds
        .filter((id) => !before.has(id))
        .map((id) => ({ Key: releaseStoreKeys.service(id), Value: '1' }));
      const removed = [...before].filter((id) => !after.has(id)).map((id) => ({ Key: releaseStoreKeys.service(id) }));
      const release = { Key: releaseStoreKeys.release, Value: next.release };
      let { ETag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: storeArn }));
      const early = added.slice(0, Math.max(0, added.length - (keysPerCall - 1 - removed.length)));
      for (let start = 0; start < early.length; start += keysPerCall) {
        ({ ETag } = await client.send(
          new UpdateKeysCommand({ KvsARN: storeArn, IfMatch: ETag, Puts: early.slice(start, start + keysPerCall) }),
        ));
      }
      await client.send(
        new UpdateKeysCommand({
          KvsARN: storeArn,
          IfMatch: ETag,
          Puts: [...added.slice(early.length), release],
          ...(removed.length > 0 ? { Deletes: removed } : {}),
        }),
      );
      await putJson(bucket, currentReleaseKey, next);
    },
  };
}
