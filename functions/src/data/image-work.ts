import { canMoveImage, type ImageStatus } from '@studio/shared/images';
import type { QcDecision, VersionFileType, VersionKind } from '@studio/shared/image-api';
import type { HistoryActor } from '@studio/shared/payment';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { commitImageChanges, type ImageChange, type ImageChangeResult } from './image-changes.ts';
import { getImages, getVersions, summaryOf, type ImageItem, type VersionItem } from './images.ts';
import { getJobItem, hasImages, type JobItem } from './jobs.ts';
import { keyNames, tableName, versionKey } from './keys.ts';
import { newItemPut, withRetry } from './transactions.ts';

/*
 * The studio's work on images (#33; docs/data-model.md patterns 67-69): finished files delivered to
 * images as versions, and QC decisions. Each builds its image changes from what it reads and
 * writes them with the job's counts (image-changes.ts); a write that meets a change made meanwhile
 * reads again and is built again.
 */

/** A posted and checked finished file, matched to its image. */
export interface DeliveryFile {
  imageId: string;
  /** The ULID of its key (`deliverables/<jobId>/<fileId>.<ext>`): the version's id. */
  fileId: string;
  key: string;
  fileName: string;
  size: number;
  contentType: VersionFileType;
  kind: VersionKind;
}

export interface DeliveredVersion {
  file: DeliveryFile;
  version: VersionItem;
  /** The image as read before the delivery. */
  image: ImageItem;
  /** The image's status after it. */
  status: ImageStatus;
}

/** Files per transaction: a version and its share of its image's update each, beside the job's items. */
const filesPerTransaction = 45;

export const cancelledJobText = 'This job was cancelled, so nothing can be delivered to it.';

/** The job a change of images is made on, as stored: it must have images and still take work. */
function workableJob(job: JobItem | null): JobItem {
  if (!job) throw new NotFoundError('There is no job with this id.');
  if (!job.uploadId || !hasImages(job)) {
    throw new ConflictError(
      job.uploadId
        ? 'The images of this job are being prepared (moved from before images existed). Try again in a minute.'
        : 'This job was sent as a link: it has no uploaded images. Deliver its finished files to the job.',
    );
  }
  if (job.status === 'CANCELLED') throw new ConflictError(cancelledJobText);
  if (job.status === 'COMPLETED')
    throw new ConflictError('This job was approved and is complete; it takes no more work.');
  return job;
}

/** Why a finished file cannot be delivered to an image in this status, or null. */
export function deliveryRefusal(status: ImageStatus): string | null {
  if (status === 'APPROVED') return 'the client approved this image; it takes no new version.';
  if (status === 'REJECTED') {
    return 'the client rejected this image; it is redone once the client sends the rejections back.';
  }
  return null;
}

function groupByImage(files: readonly DeliveryFile[]): DeliveryFile[][] {
  const groups = new Map<string, DeliveryFile[]>();
  for (const file of files) groups.set(file.imageId, [...(groups.get(file.imageId) ?? []), file]);
  // The main file first: its extras attach to it.
  return [...groups.values()].map((group) =>
    [...group].sort((a, b) => Number(a.kind === 'extra') - Number(b.kind === 'extra')),
  );
}

/** Chunks of whole images, at most `filesPerTransaction` files each. */
function chunks(groups: DeliveryFile[][]): DeliveryFile[][][] {
  const result: DeliveryFile[][][] = [];
  let current: DeliveryFile[][] = [];
  let size = 0;
  for (const group of groups) {
    if (size + group.length > filesPerTransaction && current.length > 0) {
      result.push(current);
      current = [];
      size = 0;
    }
    current.push(group);
    size += group.length;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/**
 * Delivers checked finished files to their images (patterns 67, 68). A main file becomes the
 * image's current version (numbered, in the job's round) and moves it to IN_QC, or with QC off to
 * DELIVERED (released to the client at once); an extra file attaches to the current main version.
 * Files already delivered (the same posted key) are skipped, so a call repeated after a failure
 * finishes what is left. Answers the versions written and the job after the last chunk.
 */
export async function deliverFiles(
  jobId: string,
  files: readonly DeliveryFile[],
  options: { qcRequired: boolean; actor: HistoryActor; deliveredBy: string },
): Promise<{ delivered: DeliveredVersion[]; result: ImageChangeResult | null }> {
  const delivered: DeliveredVersion[] = [];
  let last: ImageChangeResult | null = null;
  for (const chunk of chunks(groupByImage(files))) {
    last = await withRetry(
      async () => {
        const job = workableJob(await getJobItem(jobId));
        const uploadId = job.uploadId!;
        const images = await getImages(
          uploadId,
          chunk.map((group) => group[0]!.imageId),
        );
        const done = new Set(
          (
            await getVersions(chunk.flat().map((file) => ({ uploadId, imageId: file.imageId, fileId: file.fileId })))
          ).map((version) => version.id),
        );
        const now = new Date().toISOString();
        const written: DeliveredVersion[] = [];
        const changes: ImageChange[] = [];
        for (const group of chunk) {
          const image = images.get(group[0]!.imageId);
          if (!image) throw new NotFoundError('There is no image with this id in this job.');
          const todo = group.filter((file) => !done.has(file.fileId));
          if (todo.length === 0) continue;
          const refusal = deliveryRefusal(image.status);
          if (refusal) throw new ConflictError(`${todo[0]!.fileName}: ${refusal}`);
          const change = versionChange(job, image, todo, { ...options, now });
          changes.push(change.change);
          written.push(...change.written);
        }
        if (changes.length === 0) return last;
        const result = await commitImageChanges(job, changes, {
          now,
          actor: options.actor,
          worked: true,
          filesDelivered: written.length,
        });
        delivered.push(...written);
        return result;
      },
      { retryFailedConditions: true },
    );
  }
  return { delivered, result: last };
}

function versionChange(
  job: JobItem,
  image: ImageItem,
  files: readonly DeliveryFile[],
  options: { qcRequired: boolean; deliveredBy: string; now: string },
): { change: ImageChange; written: DeliveredVersion[] } {
  const { now, qcRequired } = options;
  const round = job.round ?? 1;
  const main = files.find((file) => file.kind === 'main');
  let number = image.versionCount;
  const mainNumber = main ? image.versionCount + 1 : image.current?.number;
  if (mainNumber === undefined) {
    throw new ConflictError(`${files[0]!.fileName}: deliver the finished image first; an extra file goes beside it.`);
  }
  // An extra is seen by the client once its main version is: at once if that is released already.
  const mainReleased = main ? !qcRequired : image.released?.id === image.current?.id;
  const written = files.map((file): DeliveredVersion => {
    number += 1;
    const version: VersionItem = {
      uploadId: image.uploadId,
      imageId: image.id,
      id: file.fileId,
      number,
      round,
      kind: file.kind,
      of: file.kind === 'extra' ? mainNumber : null,
      key: file.key,
      fileName: file.fileName,
      size: file.size,
      contentType: file.contentType,
      preview: 'PENDING',
      thumbnailKey: null,
      screenKey: null,
      width: null,
      height: null,
      deliveredBy: options.deliveredBy,
      createdAt: now,
      releasedAt: (file.kind === 'main' ? !qcRequired : mainReleased) ? now : null,
      qc: null,
    };
    return { file, version, image, status: image.status };
  });
  const mainVersion = written.find((entry) => entry.file.kind === 'main')?.version;
  let to: ImageStatus = image.status;
  if (mainVersion) {
    const target: ImageStatus = qcRequired ? 'IN_QC' : 'DELIVERED';
    if (target !== image.status && !canMoveImage(image.status, target)) {
      throw new ConflictError(`${mainVersion.fileName}: an image ${image.status} cannot take a new version.`);
    }
    to = target;
  }
  const set: Record<string, unknown> = {};
  if (mainVersion) {
    set.current = summaryOf(mainVersion);
    if (!qcRequired) set.released = summaryOf(mainVersion);
  }
  return {
    change: {
      image,
      to,
      set,
      add: { versionCount: written.length },
      releases: Boolean(mainVersion && !qcRequired) || written.some((entry) => entry.version.releasedAt !== null),
      items: written.map((entry) => ({
        Put: newItemPut({
          ...versionKey(image.uploadId, image.id, entry.version.id),
          type: 'ImageVersion',
          ...entry.version,
        }),
      })),
    },
    written: written.map((entry) => ({ ...entry, status: to })),
  };
}

/**
 * A MANAGER's or SUPER_ADMIN's check of an image's current version (pattern 67): PASS releases it
 * to the client (DELIVERED), FAIL sends the image back to the editor with the note (IN_EDIT). Only
 * an image waiting in QC; the decision is on the version read (a newer one delivered meanwhile
 * makes the write fail and the check is read again).
 */
export async function decideQc(
  jobId: string,
  imageId: string,
  decision: { decision: QcDecision; note: string | null },
  options: { actor: HistoryActor; by: string },
): Promise<{ image: ImageItem; result: ImageChangeResult }> {
  return withRetry(
    async () => {
      const job = workableJob(await getJobItem(jobId));
      const image = (await getImages(job.uploadId!, [imageId])).get(imageId);
      if (!image) throw new NotFoundError('There is no image with this id in this job.');
      if (image.status !== 'IN_QC' || !image.current) {
        throw new ConflictError(`This image is ${image.status}, not waiting for QC.`);
      }
      const now = new Date().toISOString();
      const current = image.current;
      const qc = { decision: decision.decision, note: decision.note, by: options.by, at: now };
      const pass = decision.decision === 'PASS';
      const versionUpdate = {
        Update: {
          TableName: tableName(),
          Key: versionKey(image.uploadId, image.id, current.id),
          UpdateExpression: pass ? 'SET #qc = :qc, #releasedAt = :now' : 'SET #qc = :qc',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: {
            '#pk': keyNames.pk,
            '#qc': 'qc',
            ...(pass ? { '#releasedAt': 'releasedAt' } : {}),
          },
          ExpressionAttributeValues: { ':qc': qc, ...(pass ? { ':now': now } : {}) },
        },
      };
      const change: ImageChange = {
        image,
        to: pass ? 'DELIVERED' : 'IN_EDIT',
        set: pass
          ? { released: current }
          : { qcNote: { note: decision.note ?? '', by: options.by, at: now, versionId: current.id } },
        condition: {
          expression: '#cur.#curId = :curId',
          names: { '#cur': 'current', '#curId': 'id' },
          values: { ':curId': current.id },
        },
        items: [versionUpdate],
        releases: pass,
      };
      const result = await commitImageChanges(job, [change], { now, actor: options.actor, worked: true });
      const after: ImageItem = {
        ...image,
        status: change.to,
        statusAt: now,
        updatedAt: now,
        jobId: job.id,
        released: pass ? current : image.released,
        qcNote: pass ? image.qcNote : { note: decision.note ?? '', by: options.by, at: now, versionId: current.id },
      };
      return { image: after, result };
    },
    { retryFailedConditions: true },
  );
}
