import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch-get.ts';
import { fileStem, imageStatuses, previewStatuses, type ImageStatus } from '@studio/shared/images';
import { photoTypes, qcDecisions, versionKinds, versionTypes } from '@studio/shared/image-api';
import { imageReviewSummarySchema } from '@studio/shared/image-review';
import { maxPhotosPerJob } from '@studio/shared/job';
import * as z from 'zod/mini';
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
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Images (#33; docs/data-model.md, "Images (#33)", patterns 63-66): the photo item of an upload is
 * the image itself, with its status, preview state and the summaries of its current and released
 * versions; each finished file is a version item in the same partition.
 *   Image    UPLOAD#<uploadId> / PHOTO#<imageId>              GSI1 IMAGES#<uploadId>#<status> / <imageId>
 *                                                              GSI2 QC#<shard> / <inQcAt>#<imageId> (IN_QC)
 *   Version  UPLOAD#<uploadId> / VERSION#<imageId>#<fileId>
 */

const versionFileTypeSchema = z.enum(versionTypes);

/** What an image keeps of one of its versions, to list it without reading the version. */
const versionSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  round: z.number(),
  key: z.string(),
  fileName: z.string(),
  size: z.number(),
  contentType: versionFileTypeSchema,
  preview: z.enum(previewStatuses),
  thumbnailKey: z.nullable(z.string()),
  /** The screen-sized WebP (#34); absent on versions previewed before it was made. */
  screenKey: z.optional(z.nullable(z.string())),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  deliveredAt: z.string(),
  deliveredBy: z.string(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/**
 * The image item's attributes as stored, declared once and parsed by `toImage` on every read
 * (stored-items.ts). Photos confirmed before #33 have only the file's attributes, and items made
 * before #34 lack its review attributes: those are optional here, and `toImage` gives their
 * defaults.
 */
const storedImageFields = {
  id: z.string(),
  uploadId: z.string(),
  key: z.string(),
  fileName: z.string(),
  size: z.number(),
  contentType: z.enum(photoTypes),
  thumbnailKey: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  status: z.optional(z.enum(imageStatuses)),
  statusAt: z.optional(z.string()),
  preview: z.optional(z.enum(previewStatuses)),
  width: z.optional(z.nullable(z.number())),
  height: z.optional(z.nullable(z.number())),
  jobId: z.optional(z.nullable(z.string())),
  versionCount: z.optional(z.number()),
  current: z.optional(z.nullable(versionSummarySchema)),
  released: z.optional(z.nullable(versionSummarySchema)),
  qcNote: z.optional(z.nullable(z.object({ note: z.string(), by: z.string(), at: z.string(), versionId: z.string() }))),
  /** The screen-sized WebP of the original (#34). */
  screenKey: z.optional(z.nullable(z.string())),
  /** The client's latest decision (#34), the current round's or the one that sent it back. */
  review: z.optional(z.nullable(imageReviewSummarySchema)),
  /** Times the client sent it back (#34). */
  sentBackCount: z.optional(z.number()),
  updatedAt: z.optional(z.string()),
};
const storedImageOf = storedItemReader('image', storedImageFields);
type StoredImage = z.infer<z.ZodMiniObject<typeof storedImageFields>>;

/** Every attribute present: an optional one read with its default (null, zero, the creation time). */
type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** An image as the code reads it: the stored attributes with the defaults of older items filled in. */
export type ImageItem = StoredFile &
  Filled<Omit<StoredImage, keyof StoredFile>> & {
    /** Whether the stored item has a status yet (photos from before #33 do not, until migrated). */
    indexed: boolean;
  };

/** A version item's attributes, declared once and parsed by `toVersion` on every read. */
const versionFields = {
  uploadId: z.string(),
  imageId: z.string(),
  id: z.string(),
  number: z.number(),
  round: z.number(),
  kind: z.enum(versionKinds),
  /** An extra's main version number. */
  of: z.optional(z.nullable(z.number())),
  key: z.string(),
  fileName: z.string(),
  size: z.number(),
  contentType: versionFileTypeSchema,
  preview: z.enum(previewStatuses),
  thumbnailKey: z.optional(z.nullable(z.string())),
  screenKey: z.optional(z.nullable(z.string())),
  width: z.optional(z.nullable(z.number())),
  height: z.optional(z.nullable(z.number())),
  deliveredBy: z.string(),
  createdAt: z.string(),
  releasedAt: z.optional(z.nullable(z.string())),
  qc: z.optional(
    z.nullable(
      z.object({ decision: z.enum(qcDecisions), note: z.nullable(z.string()), by: z.string(), at: z.string() }),
    ),
  ),
};
const storedVersionOf = storedItemReader('image version', versionFields);
type StoredVersion = z.infer<z.ZodMiniObject<typeof versionFields>>;
export type VersionItem = Filled<StoredVersion>;

/** An image as stored; photos confirmed before #33 read as RECEIVED with the preview they got then. */
export function toImage(item: Record<string, unknown>): ImageItem {
  const stored = storedImageOf(item);
  const thumbnailKey = stored.thumbnailKey ?? null;
  const createdAt = stored.createdAt;
  return {
    id: stored.id,
    uploadId: stored.uploadId,
    key: stored.key,
    fileName: stored.fileName,
    size: stored.size,
    contentType: stored.contentType,
    thumbnailKey,
    createdAt,
    status: stored.status ?? 'RECEIVED',
    indexed: stored.status !== undefined,
    statusAt: stored.statusAt ?? createdAt,
    // Before #33 the preview was made at confirmation: no thumbnail meant none could be made.
    preview: stored.preview ?? (thumbnailKey ? 'READY' : 'NONE'),
    width: stored.width ?? null,
    height: stored.height ?? null,
    jobId: stored.jobId ?? null,
    versionCount: stored.versionCount ?? 0,
    current: stored.current ?? null,
    released: stored.released ?? null,
    qcNote: stored.qcNote ?? null,
    screenKey: stored.screenKey ?? null,
    review: stored.review ?? null,
    sentBackCount: stored.sentBackCount ?? 0,
    updatedAt: stored.updatedAt ?? createdAt,
  };
}

export function toVersion(item: Record<string, unknown>): VersionItem {
  const stored = storedVersionOf(item);
  return {
    uploadId: stored.uploadId,
    imageId: stored.imageId,
    id: stored.id,
    number: stored.number,
    round: stored.round,
    kind: stored.kind,
    of: stored.of ?? null,
    key: stored.key,
    fileName: stored.fileName,
    size: stored.size,
    contentType: stored.contentType,
    preview: stored.preview,
    thumbnailKey: stored.thumbnailKey ?? null,
    screenKey: stored.screenKey ?? null,
    width: stored.width ?? null,
    height: stored.height ?? null,
    deliveredBy: stored.deliveredBy,
    createdAt: stored.createdAt,
    releasedAt: stored.releasedAt ?? null,
    qc: stored.qc ?? null,
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
