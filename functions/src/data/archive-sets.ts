import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ArchiveSet } from '@studio/shared/job-files';
import { documentClient } from '../lib/dynamo.ts';
import type { VolumeRange } from './archives.ts';
import { toImage, toVersion, type ImageItem, type VersionItem } from './images.ts';
import {
  deliverableSortKeyPrefix,
  jobPartition,
  keyNames,
  photoSortKeyPrefix,
  tableName,
  uploadPartition,
  versionSortKeyPrefix,
} from './keys.ts';

/*
 * What a set of "Download all" holds (#33), read from the table page by page, never from a list
 * inside an item: the originals (the upload's images), the finished files (each image's current
 * released version; a link job's files, and files from before #33 that matched no image), every
 * released version. Each item belongs to a source (a range of sort keys); a volume is a range of
 * one source, cut only between images.
 */

export interface ArchiveEntry {
  /** The item's sort key, the position a volume's range is made of. */
  sk: string;
  /** Entries of one image stay in one volume. */
  group: string;
  key: string;
  fileName: string;
  size: number;
  createdAt: string;
}

interface Source {
  source: VolumeRange['source'];
  partition: string;
  prefix: string;
}

export interface ArchiveJob {
  id: string;
  uploadId: string | null;
  hasImages: boolean;
}

export function sourcesOf(job: ArchiveJob, set: ArchiveSet): Source[] {
  const images = {
    source: 'images' as const,
    partition: uploadPartition(job.uploadId ?? ''),
    prefix: photoSortKeyPrefix,
  };
  const files = { source: 'files' as const, partition: jobPartition(job.id), prefix: deliverableSortKeyPrefix };
  const versions = {
    source: 'versions' as const,
    partition: uploadPartition(job.uploadId ?? ''),
    prefix: versionSortKeyPrefix,
  };
  switch (set) {
    case 'photos':
      return job.uploadId ? [images] : [];
    case 'deliverables':
      return job.hasImages ? [images, files] : [files];
    case 'versions':
      return job.hasImages ? [versions] : [files];
  }
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
};
const stemOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/** The entries of a page of a source's items, for a set. */
function entriesOf(set: ArchiveSet, source: Source['source'], items: Record<string, unknown>[]): ArchiveEntry[] {
  const sk = (item: Record<string, unknown>) => item[keyNames.sk] as string;
  if (source === 'images') {
    return items.flatMap((item) => {
      const image: ImageItem = toImage(item);
      if (set === 'photos') {
        return [
          {
            sk: sk(item),
            group: image.id,
            key: image.key,
            fileName: image.fileName,
            size: image.size,
            createdAt: image.createdAt,
          },
        ];
      }
      const released = image.released;
      if (!released) return [];
      return [
        {
          sk: sk(item),
          group: image.id,
          key: released.key,
          fileName: released.fileName,
          size: released.size,
          createdAt: released.deliveredAt,
        },
      ];
    });
  }
  if (source === 'versions') {
    const versions = items.map(toVersion);
    // Pages end between images only by chance: the caller reads whole images (see `readEntries`).
    const releasedMains = new Set(
      versions.filter((v) => v.kind === 'main' && v.releasedAt).map((v) => `${v.imageId}#${v.number}`),
    );
    return versions
      .filter((v: VersionItem) =>
        v.kind === 'main' ? v.releasedAt !== null : releasedMains.has(`${v.imageId}#${v.of ?? -1}`),
      )
      .map((v) => ({
        sk: `${versionSortKeyPrefix}${v.imageId}#${v.id}`,
        group: v.imageId,
        key: v.key,
        // Every version of an image side by side: "front v2 (round 1).png".
        fileName: `${stemOf(v.fileName)} v${v.number} (round ${v.round})${extensionOf(v.fileName)}`,
        size: v.size,
        createdAt: v.createdAt,
      }));
  }
  return items.map((item) => ({
    sk: sk(item),
    group: sk(item),
    key: item.key as string,
    fileName: item.fileName as string,
    size: item.size as number,
    createdAt: item.createdAt as string,
  }));
}

/**
 * Every entry of one source of a set, in order, or of a range of it. Versions are read whole
 * (their visibility depends on their image's other versions), which a range never splits.
 */
export async function readEntries(
  set: ArchiveSet,
  source: Source,
  range?: Pick<VolumeRange, 'first' | 'last'>,
): Promise<ArchiveEntry[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: range
          ? '#pk = :pk AND #sk BETWEEN :first AND :last'
          : '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
        ExpressionAttributeValues: {
          ':pk': source.partition,
          ...(range ? { ':first': range.first, ':last': range.last } : { ':prefix': source.prefix }),
        },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return entriesOf(set, source.source, items);
}

/** A plan: the set's entries cut into volumes of at most `maxBytes`, between images. */
export function planVolumes(
  entries: readonly ArchiveEntry[],
  source: Source['source'],
  maxBytes: number,
): (VolumeRange & { fileCount: number; bytes: number })[] {
  const groups: ArchiveEntry[][] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.group === entry.group) last.push(entry);
    else groups.push([entry]);
  }
  const volumes: (VolumeRange & { fileCount: number; bytes: number })[] = [];
  let current: ArchiveEntry[] = [];
  let bytes = 0;
  const close = () => {
    if (current.length === 0) return;
    volumes.push({
      source,
      first: source === 'versions' ? `${versionSortKeyPrefix}${current[0]!.group}#` : current[0]!.sk,
      // Every version of the last image, however its ids sort: the range ends past its group.
      last:
        source === 'versions'
          ? `${versionSortKeyPrefix}${current[current.length - 1]!.group}#~`
          : current[current.length - 1]!.sk,
      fileCount: current.length,
      bytes,
    });
    current = [];
    bytes = 0;
  };
  for (const group of groups) {
    const size = group.reduce((sum, entry) => sum + entry.size, 0);
    if (bytes + size > maxBytes && current.length > 0) close();
    current.push(...group);
    bytes += size;
  }
  close();
  return volumes;
}
