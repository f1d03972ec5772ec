import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import {
  currentReleaseKey,
  notFoundFile,
  statusMetadataKey,
  releaseKey,
  releaseManifestFile,
  releasesPrefix,
  type ReleaseManifest,
  type SiteFile,
} from '@studio/shared/site-render';
import { s3Client } from '../lib/s3.ts';

/**
 * A release's pages never change once written (a new release has new keys), but the CDN must ask
 * again for the current one's: browsers revalidate on every load, the CDN keeps them a day (the
 * switch to a new release changes the keys it asks the bucket for).
 */
const pageCacheControl = 'public, max-age=0, s-maxage=86400, must-revalidate';

/** Writes up to `limit` objects at a time. */
async function inBatches<T>(items: readonly T[], limit: number, write: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += limit) {
    await Promise.all(items.slice(start, start + limit).map(write));
  }
}

/** The release's files and then its manifest, all under `releases/<id>/`: nothing served changes. */
export async function writeRelease(bucket: string, manifest: ReleaseManifest, files: readonly SiteFile[]) {
  await inBatches(files, 8, (file) =>
    s3Client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: releaseKey(manifest.release, file.key),
        Body: file.body,
        ContentType: file.contentType,
        CacheControl: pageCacheControl,
        // The CDN answers the not-found page with 404 (infra spa-rewrite.ts).
        ...(file.key === notFoundFile ? { Metadata: { [statusMetadataKey]: '404' } } : {}),
      }),
    ),
  );
  await putJson(bucket, releaseKey(manifest.release, releaseManifestFile), manifest);
}

export async function putJson(bucket: string, key: string, value: unknown): Promise<void> {
  await s3Client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: JSON.stringify(value),
      ContentType: 'application/json',
      CacheControl: 'no-store',
    }),
  );
}

/** The manifest of the current release (`releases/current.json`); undefined before the first. */
export async function readCurrentRelease(bucket: string): Promise<ReleaseManifest | undefined> {
  try {
    const answer = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: currentReleaseKey }));
    return JSON.parse(await answer.Body!.transformToString('utf8')) as ReleaseManifest;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** Ids of the releases in the bucket, oldest first (ids sort by time). */
async function listReleases(bucket: string): Promise<string[]> {
  const ids: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3Client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: releasesPrefix, Delimiter: '/', ContinuationToken: token }),
    );
    for (const prefix of page.CommonPrefixes ?? []) {
      const id = prefix.Prefix?.slice(releasesPrefix.length, -1);
      if (id) ids.push(id);
    }
    token = page.NextContinuationToken;
  } while (token);
  return ids.sort();
}

/** Deletes every release but the newest `keep` (the current one among them). */
export async function pruneReleases(bucket: string, keep: number, current: string): Promise<string[]> {
  const ids = await listReleases(bucket);
  const old = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== current);
  for (const id of old) {
    let token: string | undefined;
    do {
      const page = await s3Client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `${releasesPrefix}${id}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
      if (keys.length > 0) await s3Client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      token = page.NextContinuationToken;
    } while (token);
  }
  return old;
}
