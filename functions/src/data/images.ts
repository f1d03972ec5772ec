import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch-get.ts';
import { fileStem, type ImageStatus, type PreviewStatus } from '@studio/shared/images';
import type { VersionFileType, VersionKind, QcDecision } from '@studio/shared/image-api';
import type { ImageReviewSummary } from '@studio/shared/image-review';
import { maxPhotosPerJob } from '@studio/shared/job';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  imageStemIndexKeys,
  imageStemPartition,
  imageStemPrefix,
  imageStatusIndexKeys,
  imageStatusPartition,
  imageVersionsPrefix,
  keyNames,
  photoKey,
  photoSortKeyPrefix,
  qcPartitions,
  tableName,
  uploadKey,
  uploadPartition,
  versionKey,
} from './keys.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { queryAll } from './query-all.ts';
import { getUpload, type StoredFile, type Upload } from './job-files.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Images (#33; docs/data-model.md, "Images (#33)", patterns 63-66): the photo item of an upload is
 * the image itself, with its status, preview state and the summaries of its current and released
 * versions; each finished file is a version item in the same partition.
 *   Image    UPLOAD#<uploadId> / PHOTO#<imageId>              GSI1 IMAGES#<uploadId>#<status> / <imageId>
 *                                                              GSI2 QC#<shard> / <inQcAt>#<imageId> (IN_QC)
 *   Version  UPLOAD#<uploadId> / VERSION#<imageId>#<fileId>
 */

/** What an image keeps of one of its versions, to list it without reading the version. */
export interface VersionSummary {
  id: string;
  number: number;
  round: number;
  key: string;
  fileName: string;
  size: number;
  contentType: VersionFileType;
  preview: PreviewStatus;
  thumbnailKey: string | null;
  /** The screen-sized WebP (#34); absent on versions previewed before it was made. */
  screenKey?: string | null;
  width: number | null;
  height: number | null;
  deliveredAt: string;
  deliveredBy: string;
}

export interface ImageItem extends StoredFile {
  uploadId: string;
  status: ImageStatus;
  /** Whether the stored item has a status yet (photos from before #33 do not, until migrated). */
  indexed: boolean;
  statusAt: string;
  preview: PreviewStatus;
  width: number | null;
  height: number | null;
  jobId: string | null;
  versionCount: number;
  current: VersionSummary | null;
  released: VersionSummary | null;
  qcNote: { note: string; by: string; at: string; versionId: string } | null;
  /** The screen-sized WebP of the original (#34), null until made (or for photos previewed before). */
  screenKey: string | null;
  /** The client's latest decision (#34), the current round's or the one that sent it back. */
  review: ImageReviewSummary | null;
  /** Times the client sent it back (#34). */
  sentBackCount: number;
  updatedAt: string;
}

export interface VersionItem {
  uploadId: string;
  imageId: string;
  id: string;
  number: number;
  round: number;
  kind: VersionKind;
  /** An extra's main version number. */
  of: number | null;
  key: string;
  fileName: string;
  size: number;
  contentType: VersionFileType;
  preview: PreviewStatus;
  thumbnailKey: string | null;
  screenKey: string | null;
  width: number | null;
  height: number | null;
  deliveredBy: string;
  createdAt: string;
  releasedAt: string | null;
  qc: { decision: QcDecision; note: string | null; by: string; at: string } | null;
}

/** An image as stored; photos confirmed before #33 read as RECEIVED with the preview they got then. */
export function toImage(item: Record<string, unknown>): ImageItem {
  const thumbnailKey = (item.thumbnailKey as string | null | undefined) ?? null;
  const createdAt = item.createdAt as string;
  return {
    id: item.id as string,
    uploadId: item.uploadId as string,
    key: item.key as string,
    fileName: item.fileName as string,
    size: item.size as number,
    contentType: item.contentType as StoredFile['contentType'],
    thumbnailKey,
    createdAt,
    status: (item.status as ImageStatus | undefined) ?? 'RECEIVED',
    indexed: item.status !== undefined,
    statusAt: (item.statusAt as string | undefined) ?? createdAt,
    // Before #33 the preview was made at confirmation: no thumbnail meant none could be made.
    preview: (item.preview as PreviewStatus | undefined) ?? (thumbnailKey ? 'READY' : 'NONE'),
    width: (item.width as number | null | undefined) ?? null,
    height: (item.height as number | null | undefined) ?? null,
    jobId: (item.jobId as string | null | undefined) ?? null,
    versionCount: (item.versionCount as number | undefined) ?? 0,
    current: (item.current as VersionSummary | null | undefined) ?? null,
    released: (item.released as VersionSummary | null | undefined) ?? null,
    qcNote: (item.qcNote as ImageItem['qcNote'] | undefined) ?? null,
    screenKey: (item.screenKey as string | null | undefined) ?? null,
    review: (item.review as ImageReviewSummary | null | undefined) ?? null,
    sentBackCount: (item.sentBackCount as number | undefined) ?? 0,
    updatedAt: (item.updatedAt as string | undefined) ?? createdAt,
  };
}

export function toVersion(item: Record<string, unknown>): VersionItem {
  return {
    uploadId: item.uploadId as string,
    imageId: item.imageId as string,
    id: item.id as string,
    number: item.number as number,
    round: item.round as number,
    kind: item.kind as VersionKind,
    of: (item.of as number | null | undefined) ?? null,
    key: item.key as string,
    fileName: item.fileName as string,
    size: item.size as number,
    contentType: item.contentType as VersionFileType,
    preview: item.preview as PreviewStatus,
    thumbnailKey: (item.thumbnailKey as string | null | undefined) ?? null,
    screenKey: (item.screenKey as string | null | undefined) ?? null,
    width: (item.width as number | null | undefined) ?? null,
    height: (item.height as number | null | undefined) ?? null,
    deliveredBy: item.deliveredBy as string,
    createdAt: item.createdAt as string,
    releasedAt: (item.releasedAt as string | null | undefined) ?? null,
    qc: (item.qc as VersionItem['qc'] | undefined) ?? null,
  };
}

/** The summary an image keeps of a version. */
export function summaryOf(version: VersionItem): VersionSummary {
  return {
    id: version.id,
    number: version.number,
    round: version.round,
    key: version.key,
    fileName: version.fileName,
    size: version.size,
    contentType: version.contentType,
    preview: version.preview,
    thumbnailKey: version.thumbnailKey,
    screenKey: version.screenKey,
    width: version.width,
    height: version.height,
    deliveredAt: version.createdAt,
    deliveredBy: version.deliveredBy,
  };
}

export async function getImage(uploadId: string, imageId: string): Promise<ImageItem | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: photoKey(uploadId, imageId), ConsistentRead: true }),
  );
  return result.Item ? toImage(result.Item) : null;
}

/** Images of an upload by id, strongly consistent; ids without an image are left out. */
export async function getImages(uploadId: string, imageIds: readonly string[]): Promise<Map<string, ImageItem>> {
  const unique = [...new Set(imageIds)];
  const items = await batchGet(unique.map((id) => photoKey(uploadId, id)));
  return new Map(items.map((item) => [item.id as string, toImage(item)]));
}

export interface ImagePage {
  images: ImageItem[];
  nextCursor: string | null;
}

/**
 * A page of a job's images in upload order (pattern 65), or of those in one status (GSI1, pattern
 * 64). A cursor of the other kind of list is a 400.
 */
export async function listImages(
  uploadId: string,
  options: { status?: ImageStatus; limit: number; cursor?: string; consistent?: boolean },
): Promise<ImagePage> {
  if (options.status) {
    const partition = imageStatusPartition(uploadId, options.status);
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keyNames.gsi1.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        Limit: options.limit,
        ExclusiveStartKey: decodeCursor(options.cursor, {
          names: [keyNames.pk, keyNames.sk, keyNames.gsi1.partitionKey, keyNames.gsi1.sortKey],
          equal: { [keyNames.gsi1.partitionKey]: partition, [keyNames.pk]: uploadPartition(uploadId) },
          prefix: { [keyNames.sk]: photoSortKeyPrefix },
        }),
      }),
    );
    return { images: (page.Items ?? []).map(toImage), nextCursor: encodeCursor(page.LastEvaluatedKey) };
  }
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
      ExpressionAttributeValues: { ':pk': uploadPartition(uploadId), ':prefix': photoSortKeyPrefix },
      Limit: options.limit,
      ConsistentRead: options.consistent,
      ExclusiveStartKey: decodeCursor(options.cursor, {
        names: [keyNames.pk, keyNames.sk],
        equal: { [keyNames.pk]: uploadPartition(uploadId) },
        prefix: { [keyNames.sk]: photoSortKeyPrefix },
      }),
    }),
  );
  return { images: (page.Items ?? []).map(toImage), nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

/** Every image of an upload, page after page (the migration, the archive planner). */
export async function allImages(uploadId: string, options: { consistent?: boolean } = {}): Promise<ImageItem[]> {
  const images: ImageItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await listImages(uploadId, { limit: 1000, cursor, consistent: options.consistent });
    images.push(...page.images);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return images;
}

/** A job's images whose original has this file-name stem (GSI3, pattern 77): usually one, or none. */
export async function imagesByStem(uploadId: string, stem: string): Promise<ImageItem[]> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keyNames.gsi3.name,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.gsi3.partitionKey, '#sk': keyNames.gsi3.sortKey },
      ExpressionAttributeValues: { ':pk': imageStemPartition(uploadId), ':prefix': imageStemPrefix(stem) },
      // Enough to tell one from several.
      Limit: 10,
    }),
  );
  return (page.Items ?? []).map(toImage);
}

export interface QcPage {
  images: ImageItem[];
  /** The position after the last image answered, when more wait. */
  next: string | null;
}

/**
 * Images waiting for QC across jobs, oldest first (GSI2, pattern 69): each of the 16 partitions is
 * read from `after` in parallel, and the pages are merged by the time the images entered QC.
 */
export async function listQcWaiting(limit: number, after?: string): Promise<QcPage> {
  const pages = await Promise.all(
    qcPartitions().map((partition) =>
      documentClient.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: keyNames.gsi2.name,
          KeyConditionExpression: after ? '#pk = :pk AND #sk > :after' : '#pk = :pk',
          ExpressionAttributeNames: {
            '#pk': keyNames.gsi2.partitionKey,
            ...(after ? { '#sk': keyNames.gsi2.sortKey } : {}),
          },
          ExpressionAttributeValues: { ':pk': partition, ...(after ? { ':after': after } : {}) },
          Limit: limit,
        }),
      ),
    ),
  );
  const sortKey = keyNames.gsi2.sortKey;
  const items = pages
    .flatMap((page) => page.Items ?? [])
    .sort((a, b) => String(a[sortKey]).localeCompare(String(b[sortKey])));
  const taken = items.slice(0, limit);
  const more = items.length > limit || pages.some((page) => page.LastEvaluatedKey);
  return {
    images: taken.map(toImage),
    next: more && taken.length > 0 ? String(taken[taken.length - 1]![sortKey]) : null,
  };
}

/** Every version of one image, in delivery order (pattern 66). */
export async function listVersions(uploadId: string, imageId: string): Promise<VersionItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': uploadPartition(uploadId), ':prefix': imageVersionsPrefix(imageId) },
    ConsistentRead: true,
  });
  return items.map(toVersion);
}

/** Versions by their keys (those that exist): which posted files were delivered already. */
export async function getVersions(
  refs: readonly { uploadId: string; imageId: string; fileId: string }[],
): Promise<VersionItem[]> {
  return (await batchGet(refs.map((ref) => versionKey(ref.uploadId, ref.imageId, ref.fileId)))).map(toVersion);
}

/** The stored attributes of a photo confirmed as an image (#33): status RECEIVED, preview to make. */
export function newImageItem(uploadId: string, file: StoredFile): Record<string, unknown> {
  return {
    ...photoKey(uploadId, file.id),
    ...imageStatusIndexKeys(uploadId, file.id, 'RECEIVED'),
    ...imageStemIndexKeys(uploadId, file.id, fileStem(file.fileName)),
    type: 'Photo',
    uploadId,
    ...file,
    thumbnailKey: null,
    status: 'RECEIVED',
    statusAt: file.createdAt,
    preview: 'PENDING',
    width: null,
    height: null,
    versionCount: 0,
    updatedAt: file.createdAt,
  };
}

export type ConfirmImagesResult =
  | { kind: 'confirmed'; upload: Upload; added: ImageItem[]; existing: ImageItem[] }
  | { kind: 'closed'; upload: Upload; existing: ImageItem[] }
  | { kind: 'foreign' }
  | { kind: 'full'; upload: Upload; existing: ImageItem[] };

/** Photos a confirmation transaction puts at most: 99 and the upload item. */
const photosPerTransaction = 99;

/**
 * Confirms checked photos into an open upload as images (pattern 63). Photos confirmed before are
 * answered as they are (the same key twice is one photo). The others go in chunks of 99, each one
 * transaction with the upload's counts, on condition that the upload is the caller's, has no job
 * and stays under the cap: a chunk is all in or all out. A chunk refused because another request
 * confirmed one of its photos meanwhile is read again and retried.
 */
export async function confirmImages(
  clientId: string,
  uploadId: string,
  files: readonly StoredFile[],
): Promise<ConfirmImagesResult> {
  const existingOf = async () => [
    ...(
      await getImages(
        uploadId,
        files.map((file) => file.id),
      )
    ).values(),
  ];
  let existing = await existingOf();
  const added: ImageItem[] = [];
  let pending = files.filter((file) => !existing.some((image) => image.id === file.id));
  while (pending.length > 0) {
    const chunk = pending.slice(0, photosPerTransaction);
    const bytes = chunk.reduce((sum, file) => sum + file.size, 0);
    const now = chunk[0]!.createdAt;
    try {
      await withRetry(() =>
        transact([
          {
            Update: {
              TableName: tableName(),
              Key: uploadKey(uploadId),
              UpdateExpression:
                'SET #type = :type, #uploadId = :uploadId, #clientId = if_not_exists(#clientId, :clientId), ' +
                '#createdAt = if_not_exists(#createdAt, :now), #updatedAt = :now ' +
                'ADD #count :n, #bytes :bytes, #imageCount :n',
              ConditionExpression:
                '(attribute_not_exists(#pk) OR #clientId = :clientId) AND attribute_not_exists(#jobId) AND ' +
                '(attribute_not_exists(#count) OR #count <= :room)',
              ExpressionAttributeNames: {
                '#pk': keyNames.pk,
                '#type': 'type',
                '#uploadId': 'uploadId',
                '#clientId': 'clientId',
                '#createdAt': 'createdAt',
                '#updatedAt': 'updatedAt',
                '#count': 'photoCount',
                '#bytes': 'bytes',
                '#imageCount': 'imageCount',
                '#jobId': 'jobId',
              },
              ExpressionAttributeValues: {
                ':type': 'Upload',
                ':uploadId': uploadId,
                ':clientId': clientId,
                ':now': now,
                ':n': chunk.length,
                ':bytes': bytes,
                ':room': maxPhotosPerJob - chunk.length,
              },
            },
          },
          ...chunk.map((file) => ({ Put: newItemPut(newImageItem(uploadId, file)) })),
        ]),
      );
      added.push(...chunk.map((file) => toImage(newImageItem(uploadId, file))));
      pending = pending.slice(chunk.length);
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      const upload = await getUpload(uploadId);
      if (upload && upload.clientId !== clientId) return { kind: 'foreign' };
      existing = await existingOf();
      const raced = pending.filter((file) => existing.some((image) => image.id === file.id));
      if (raced.length > 0) {
        // Confirmed by a request at the same moment: answer those as they are, put the rest.
        pending = pending.filter((file) => !raced.includes(file));
        continue;
      }
      const known = existing.filter((image) => !added.some((a) => a.id === image.id));
      if (upload?.jobId) return { kind: 'closed', upload, existing: known };
      if (upload && upload.photoCount + chunk.length > maxPhotosPerJob)
        return { kind: 'full', upload, existing: known };
      throw error;
    }
  }
  const upload = await getUpload(uploadId);
  if (!upload) return { kind: 'foreign' };
  if (upload.clientId !== clientId) return { kind: 'foreign' };
  return {
    kind: 'confirmed',
    upload,
    added,
    existing: existing.filter((image) => !added.some((a) => a.id === image.id)),
  };
}
