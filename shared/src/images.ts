import type { JobStatus } from './job.ts';
import { imageStatuses, type ImageStatus } from './image-status.ts';

/*
 * Images (issue 33): each confirmed photo of a job is an image with a status, its original and its
 * versions (finished files, numbered, by round). This module holds the one transition table of an
 * image's status, how a job's status follows the counts of its images, and how a finished file is
 * matched to its original by name. Plain data and functions: the server checks, the web app
 * offers, the tests walk the same table. The API's shapes are in `image-api.ts`.
 */

export { imageStatuses, type ImageStatus } from './image-status.ts';

/**
 * Every move an image's status may make in one write, from each status: the one table the server
 * checks before each conditional write and the unit tests walk pair by pair. A status never moves
 * to itself: a new version delivered to an image that waits in QC, or to a delivered image with QC
 * off, replaces its current version without a move. See docs/decisions/images.md.
 */
export const imageTransitions = {
  RECEIVED: ['IN_QC', 'DELIVERED'],
  IN_EDIT: ['IN_QC', 'DELIVERED'],
  IN_QC: ['DELIVERED', 'IN_EDIT'],
  DELIVERED: ['IN_QC', 'IN_EDIT', 'APPROVED', 'REJECTED'],
  // A decision not yet sent is withdrawn back to DELIVERED (#34); the approval of the job ends it.
  APPROVED: ['DELIVERED'],
  REJECTED: ['IN_EDIT', 'DELIVERED'],
} as const satisfies Record<ImageStatus, readonly ImageStatus[]>;

/** Whether an image may move from `from` to `to` in one write ({@link imageTransitions}). */
export function canMoveImage(from: ImageStatus, to: ImageStatus): boolean {
  return (imageTransitions[from] as readonly ImageStatus[]).includes(to);
}

/** Statuses in which the client has the image (its current version released to it). */
export const deliveredImageStatuses: readonly ImageStatus[] = ['DELIVERED', 'APPROVED', 'REJECTED'];
/** Statuses in which the studio still owes work on the image. */
export const imageWorkStatuses: readonly ImageStatus[] = ['RECEIVED', 'IN_EDIT', 'IN_QC'];

/** Images of a job per status. */
export type ImageCounts = Record<ImageStatus, number>;

export function emptyImageCounts(): ImageCounts {
  return { RECEIVED: 0, IN_EDIT: 0, IN_QC: 0, DELIVERED: 0, APPROVED: 0, REJECTED: 0 };
}

/** Counts as stored (a map that may lack statuses nobody entered yet), completed with zeros. */
export function imageCountsOf(stored: Partial<Record<string, number>> | null | undefined): ImageCounts {
  const counts = emptyImageCounts();
  for (const status of imageStatuses) counts[status] = Math.max(0, Number(stored?.[status] ?? 0));
  return counts;
}

export function totalImages(counts: ImageCounts): number {
  return imageStatuses.reduce((sum, status) => sum + counts[status], 0);
}

/** Images the client has: delivered, approved or rejected. */
export function deliveredImages(counts: ImageCounts): number {
  return deliveredImageStatuses.reduce((sum, status) => sum + counts[status], 0);
}

/** Counts after moving `n` images from one status to another (n may be several, at once). */
export function movedCounts(
  counts: ImageCounts,
  moves: readonly { from: ImageStatus; to: ImageStatus }[],
): ImageCounts {
  const next = { ...counts };
  for (const { from, to } of moves) {
    if (from === to) continue;
    next[from] -= 1;
    next[to] += 1;
  }
  return next;
}

/**
 * A job's progress from its images: the share delivered, in whole percent, 100 only once every
 * image is delivered (a job of 5,000 images with one left is at 99 %).
 */
export function progressFromImages(counts: ImageCounts): number {
  const total = totalImages(counts);
  if (total === 0) return 0;
  const delivered = deliveredImages(counts);
  return delivered === total ? 100 : Math.min(99, Math.floor((delivered * 100) / total));
}

/**
 * The status a job with images takes after its images changed (docs/decisions/images.md, "A job
 * with images follows its images"): DELIVERED once no image is in work; a delivered job with an
 * image back in work is IN_PROGRESS again; the first delivery or QC decision (`worked`) on a
 * PENDING or sent-back job makes it IN_PROGRESS. Completed and cancelled jobs stay.
 */
export function jobStatusFromImages(status: JobStatus, counts: ImageCounts, worked: boolean): JobStatus {
  if (status === 'CANCELLED' || status === 'COMPLETED') return status;
  if (totalImages(counts) === 0) return status;
  const inWork = imageWorkStatuses.reduce((sum, s) => sum + counts[s], 0);
  if (inWork === 0) return worked || status === 'DELIVERED' ? 'DELIVERED' : status;
  if (status === 'DELIVERED') return 'IN_PROGRESS';
  if ((status === 'PENDING' || status === 'REVISION_REQUESTED') && worked) return 'IN_PROGRESS';
  return status;
}

/** The state of an original's or a version's preview, made off the request path. */
export const previewStatuses = ['PENDING', 'READY', 'NONE', 'DAMAGED'] as const;
export type PreviewStatus = (typeof previewStatuses)[number];

/**
 * A file name's stem: the name without its folder and without its last extension, in lower case,
 * NFC: `Shots/Shoe 12.JPG` -> `shoe 12`. A finished file belongs to the original with the same stem
 * (`shoe 12.psd`, `Shoe 12.tif`).
 */
export function fileStem(fileName: string): string {
  const base = fileName.normalize('NFC').replace(/^.*[/\\]/, '');
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim().toLowerCase();
}

export type StemMatch<T> =
  | { kind: 'matched'; image: T }
  | { kind: 'unmatched' }
  /** Several originals share the stem (`a.jpg` and `a.png` in one upload): the file must name its image. */
  | { kind: 'ambiguous'; images: T[] };

/** The original a finished file belongs to, by stem, among `images` (already filtered to the stem). */
export function matchByStem<T extends { fileName: string }>(fileName: string, images: readonly T[]): StemMatch<T> {
  const stem = fileStem(fileName);
  const found = images.filter((image) => fileStem(image.fileName) === stem);
  if (found.length === 0) return { kind: 'unmatched' };
  if (found.length > 1) return { kind: 'ambiguous', images: found };
  return { kind: 'matched', image: found[0]! };
}

/** Files of one upload-links or confirmation call (a batch). */
export const maxFilesPerBatch = 100;

/** Largest file a client or an editor may send: 500 MB (a medium-format TIFF or a layered PSD). */
export const maxFileBytes = 500 * 1024 * 1024;

/** Files larger than this are sent as a multipart upload with a presigned URL per part. */
export const multipartThresholdBytes = 100 * 1024 * 1024;

/** Size of each part of a multipart upload (S3 wants at least 5 MiB but the last). */
export const multipartPartBytes = 16 * 1024 * 1024;

/** Minutes a presigned part URL stays valid: a 500 MB file on a slow line takes a while. */
export const multipartLinkMinutes = 120;

/** Images per page of `GET api/jobs/{id}/images` (default and most). */
export const imagePageDefault = 100;
export const imagePageMax = 500;

/** Longest note of a failed QC. */
export const maxQcNoteLength = 2000;
