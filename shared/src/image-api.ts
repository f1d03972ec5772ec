import * as z from 'zod/mini';
import { queryInt } from './carousel.ts';
import { cursorSchema, idSchema, isoDateTimeSchema } from './ids.ts';
import {
  imagePageMax,
  imageStatuses,
  maxFileBytes,
  maxFilesPerBatch,
  maxQcNoteLength,
  previewStatuses,
} from './images.ts';
import { firstTimeApprovalSchema, imageReviewSchema, imageReviewSummarySchema } from './image-review.ts';
import { confirmedPhotoSchema, postedKeySchema, uploadedFileNameSchema } from './job-files.ts';
import { jobStatuses } from './job.ts';
import { optionalText } from './text.ts';
import { uploadImageTypes, type UploadImageType } from './upload.ts';

/*
 * The API of images (issue 33): batch upload links (presigned POSTs, multipart uploads with a
 * presigned URL per part past 100 MB), batch confirmation, a job's images with their versions,
 * delivery of finished files to images (one, or many matched by name), QC. Read by the route
 * table, the handlers and the web client.
 */

/** The photo types a client uploads, as a list (`z.enum` takes one). */
export const photoTypes = Object.keys(uploadImageTypes) as [UploadImageType, ...UploadImageType[]];

/** Types of a finished file: the photo types, and a layered Photoshop file (PSD, an extra file). */
export const versionFileTypes = { ...uploadImageTypes, 'image/vnd.adobe.photoshop': 'psd' } as const;
export type VersionFileType = keyof typeof versionFileTypes;
/** The finished files' types, as a list. */
export const versionTypes = Object.keys(versionFileTypes) as [VersionFileType, ...VersionFileType[]];

const fileSize = z
  .int('Size must be a whole number of bytes.')
  .check(
    z.minimum(1, 'The file is empty.'),
    z.maximum(maxFileBytes, `A file can be at most ${maxFileBytes / 1024 / 1024} MB.`),
  );

const batchOf = <T extends z.ZodMiniType>(item: T, noun: string) =>
  z
    .array(item)
    .check(
      z.minLength(1, `Send at least one ${noun}.`),
      z.maxLength(maxFilesPerBatch, `Send at most ${maxFilesPerBatch} ${noun}s in one call.`),
    );

/** One file the browser is about to send: its name, its declared type and its size. */
export const uploadFileSchema = z.strictObject({
  fileName: uploadedFileNameSchema,
  contentType: z.enum(photoTypes, { error: 'Upload JPEG, PNG, WebP, TIFF or HEIC photos.' }),
  size: fileSize,
});

/** `POST api/upload-links`: links for up to 100 photos of an upload (a new one without `uploadId`). */
export const createUploadLinksBodySchema = z.strictObject({
  uploadId: z.optional(idSchema),
  files: batchOf(uploadFileSchema, 'file'),
});

/** A multipart upload: PUT each part to its URL, keep each answer's ETag, then complete it. */
export const multipartLinkSchema = z.object({
  /** S3's id of the multipart upload, sent back to `POST api/upload-links/complete`. */
  multipartUploadId: z.string(),
  /** Every part but the last has exactly this size. */
  partBytes: z.int(),
  parts: z.array(z.object({ partNumber: z.int(), url: z.string() })),
  expiresAt: isoDateTimeSchema,
});

/** Where one file goes: a presigned POST (up to 100 MB), or a multipart upload (larger). */
export const batchUploadLinkSchema = z.object({
  fileName: z.string(),
  /** The key the server chose; confirm the file with it. */
  key: z.string(),
  post: z.nullable(z.object({ url: z.string(), fields: z.record(z.string(), z.string()) })),
  multipart: z.nullable(multipartLinkSchema),
});
export type BatchUploadLink = z.infer<typeof batchUploadLinkSchema>;

export const createUploadLinksResponseSchema = z.object({
  /** The upload the files join: send it with the next files and confirm them under it. */
  uploadId: idSchema,
  /** One per file, in the order sent. */
  links: z.array(batchUploadLinkSchema),
});
export type CreateUploadLinksResponse = z.infer<typeof createUploadLinksResponseSchema>;

/** `POST api/upload-links/complete`: the parts sent (numbers and ETags), to assemble the file. */
export const completeMultipartBodySchema = z.strictObject({
  key: postedKeySchema,
  multipartUploadId: z
    .string()
    .check(z.minLength(1), z.maxLength(1024), z.regex(/^[\x21-\x7e]+$/, 'must be the id the upload link answered')),
  parts: z
    .array(
      z.strictObject({
        partNumber: z.int().check(z.minimum(1), z.maximum(10_000)),
        etag: z.string().check(z.maxLength(200), z.regex(/^[\x21-\x7e]+$/, 'must be the ETag S3 answered')),
      }),
    )
    .check(
      z.minLength(1, 'Send the parts you uploaded.'),
      z.maxLength(10_000),
      z.refine((parts) => parts.every((part, i) => i === 0 || part.partNumber > parts[i - 1]!.partNumber), {
        message: 'Send the parts in ascending order of partNumber, each once.',
      }),
    ),
});

export const completeMultipartResponseSchema = z.object({ key: z.string(), size: z.number() });

/** `POST api/uploads/{uploadId}/photos/batch`: confirms up to 100 posted photos at once. */
export const confirmPhotoBatchBodySchema = z.strictObject({
  photos: batchOf(z.strictObject({ key: postedKeySchema, fileName: uploadedFileNameSchema }), 'photo'),
});

/** A file the server did not keep, named as the client knows it, with the reason in words. */
export const refusedFileSchema = z.object({ fileName: z.string(), key: z.string(), reason: z.string() });
export type RefusedFile = z.infer<typeof refusedFileSchema>;

export const confirmPhotoBatchResponseSchema = z.object({
  /** The photos confirmed (or confirmed before: the same key twice is answered once). */
  photos: z.array(confirmedPhotoSchema),
  /** Files refused by name (empty, too large, not an image, not this upload's key...); deleted. */
  refused: z.array(refusedFileSchema),
  upload: z.object({ uploadId: idSchema, photoCount: z.int(), bytes: z.number() }),
});
export type ConfirmPhotoBatchResponse = z.infer<typeof confirmPhotoBatchResponseSchema>;

/** An original or a finished file, with presigned links (valid `fileLinkSeconds`). */
export const imageFileSchema = z.object({
  fileName: z.string(),
  size: z.number(),
  contentType: z.string(),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  /** PENDING until the preview worker has read the file; then READY, NONE (HEIC, huge) or DAMAGED. */
  preview: z.enum(previewStatuses),
  previewUrl: z.nullable(z.string()),
  /**
   * A screen-sized WebP of the file (at most 2048 px on its longer side; issue 34's compare viewer
   * loads it first, the file itself only when zoomed past it), null until made or when none can be.
   */
  screenUrl: z.nullable(z.string()),
  /** Downloads the file under its uploaded name. */
  downloadUrl: z.string(),
});

export const versionKinds = ['main', 'extra'] as const;
export type VersionKind = (typeof versionKinds)[number];
export const qcDecisions = ['PASS', 'FAIL'] as const;
export type QcDecision = (typeof qcDecisions)[number];

/** A finished file of an image: numbered per image, delivered in a round. */
export const imageVersionSchema = z.object({
  ...imageFileSchema.shape,
  id: idSchema,
  number: z.int(),
  round: z.int(),
  /** `main`: the image's finished file; `extra`: a further file of the same delivery (a layered PSD). */
  kind: z.enum(versionKinds),
  /** For an extra: the number of the main version it goes with. */
  of: z.nullable(z.int()),
  deliveredAt: isoDateTimeSchema,
  /** Whether the client may see it (passed QC, or delivered with QC off; and the job released). */
  released: z.boolean(),
  /** The QC decision on it, for staff (null for clients, and until decided). */
  qc: z.nullable(z.object({ decision: z.enum(qcDecisions), note: z.nullable(z.string()), at: isoDateTimeSchema })),
});
export type ImageVersion = z.infer<typeof imageVersionSchema>;

export const imageCountsSchema = z.record(z.enum(imageStatuses), z.int());

/** An image of a job as its reader may see it. */
export const jobImageSchema = z.object({
  id: idSchema,
  /** The original's name as uploaded. */
  fileName: z.string(),
  status: z.enum(imageStatuses),
  statusAt: isoDateTimeSchema,
  original: imageFileSchema,
  /** The current version: for staff the latest delivered, for the client the latest released. */
  current: z.nullable(imageVersionSchema),
  /** Files delivered for the image that this reader may see. */
  versionCount: z.int(),
  /** The last failed QC's note, for staff (the editor sees why); null for clients. */
  qcNote: z.nullable(z.object({ note: z.string(), at: isoDateTimeSchema })),
  /** The client's latest decision on it (issue 34): the current round's, or the one that sent it back. */
  review: z.nullable(imageReviewSummarySchema),
  /** Times the client sent it back in a revision round. */
  sentBackCount: z.int(),
  uploadedAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type JobImage = z.infer<typeof jobImageSchema>;

export const imageParamsSchema = z.strictObject({ id: idSchema, imageId: idSchema });

/** `GET api/jobs/{id}/images?status=&cursor=&limit=`: a page of the job's images in upload order. */
export const listJobImagesQuerySchema = z.strictObject({
  status: z.optional(z.enum(imageStatuses, { error: `Filter by one of ${imageStatuses.join(', ')}.` })),
  limit: queryInt(1, imagePageMax),
  cursor: z.optional(cursorSchema),
});

export const listJobImagesResponseSchema = z.object({
  images: z.array(jobImageSchema),
  nextCursor: z.nullable(z.string()),
  /** Images of the job in all. */
  total: z.int(),
  counts: imageCountsSchema,
  /** Whether finished versions are shown to this reader (a client: once the job's files are released). */
  released: z.boolean(),
  /** The job's first-time approval figure so far (issue 34). */
  firstTimeApproval: firstTimeApprovalSchema,
  expiresAt: isoDateTimeSchema,
});
export type ListJobImagesResponse = z.infer<typeof listJobImagesResponseSchema>;

/** `GET api/jobs/{id}/images/{imageId}`: the image with every version its reader may see. */
export const getJobImageResponseSchema = z.object({
  image: jobImageSchema,
  /** Oldest first; each round's main version and its extras. */
  versions: z.array(imageVersionSchema),
  /** The client's reviews of it, oldest first, each with its shapes (issue 34). */
  reviews: z.array(imageReviewSchema),
  released: z.boolean(),
  expiresAt: isoDateTimeSchema,
});
export type GetJobImageResponse = z.infer<typeof getJobImageResponseSchema>;

/** One finished file the editor is about to send. */
export const versionFileSchema = z.strictObject({
  fileName: uploadedFileNameSchema,
  contentType: z.enum(versionTypes, { error: 'Deliver JPEG, PNG, WebP, TIFF, HEIC or PSD files.' }),
  size: fileSize,
});

/** `POST api/jobs/{id}/images/upload-links`: links for up to 100 finished files of the job. */
export const createVersionUploadLinksBodySchema = z.strictObject({ files: batchOf(versionFileSchema, 'file') });
export const createVersionUploadLinksResponseSchema = z.object({ links: z.array(batchUploadLinkSchema) });

/** `POST api/jobs/{id}/images/{imageId}/versions`: a posted finished file becomes a version of the image. */
export const deliverVersionBodySchema = z.strictObject({
  key: postedKeySchema,
  fileName: uploadedFileNameSchema,
  /** `main` (the default: the new current version) or `extra` (beside the current main version). */
  kind: z.optional(z.enum(versionKinds)),
});

export const deliverVersionResponseSchema = z.object({ image: jobImageSchema, version: imageVersionSchema });

/**
 * `POST api/jobs/{id}/images/deliveries`: up to 100 posted finished files, each matched to its
 * original by file-name stem (any extension) unless it names its `imageId`. All or nothing: a file
 * that matches no image, or several, is listed in the 400's `details.unmatched` and nothing is
 * delivered.
 */
export const deliverImagesBodySchema = z.strictObject({
  files: batchOf(
    z.strictObject({
      key: postedKeySchema,
      fileName: uploadedFileNameSchema,
      imageId: z.optional(idSchema),
      kind: z.optional(z.enum(versionKinds)),
    }),
    'file',
  ).check(z.refine((files) => new Set(files.map((file) => file.key)).size === files.length, 'Send each key once.')),
});

export const deliveredFileSchema = z.object({
  fileName: z.string(),
  imageId: idSchema,
  /** The original's name: what the file was matched to. */
  imageFileName: z.string(),
  versionId: idSchema,
  number: z.int(),
  kind: z.enum(versionKinds),
  /** The image's status after the delivery (IN_QC, or DELIVERED with QC off). */
  status: z.enum(imageStatuses),
});

export const deliverImagesResponseSchema = z.object({
  delivered: z.array(deliveredFileSchema),
  counts: imageCountsSchema,
  jobStatus: z.enum(jobStatuses),
});

/** A file of a bulk delivery that could not be matched, in the 400's `details.unmatched`. */
export const unmatchedFileSchema = z.object({ fileName: z.string(), key: z.string(), reason: z.string() });

/** `PUT api/jobs/{id}/images/{imageId}/qc` (MANAGER, SUPER_ADMIN): pass, or fail with a note for the editor. */
export const qcDecisionBodySchema = z
  .strictObject({
    decision: z.enum(qcDecisions, { error: 'Decide PASS or FAIL.' }),
    note: optionalText({
      max: maxQcNoteLength,
      multiline: true,
      maxMessage: `A note can be at most ${maxQcNoteLength} characters.`,
    }),
  })
  .check(
    z.refine((body) => body.decision !== 'FAIL' || (body.note ?? '') !== '', {
      message: 'Say what the editor should fix.',
      path: ['note'],
    }),
  );
export type QcDecisionBody = z.infer<typeof qcDecisionBodySchema>;

export const qcDecisionResponseSchema = z.object({
  image: jobImageSchema,
  counts: imageCountsSchema,
  jobStatus: z.enum(jobStatuses),
});

/** `GET api/qc/images` (MANAGER, SUPER_ADMIN): images waiting for QC, oldest first, across jobs. */
export const listQcImagesQuerySchema = z.strictObject({ limit: queryInt(1, 200), cursor: z.optional(cursorSchema) });

export const qcBoardEntrySchema = z.object({
  job: z.object({ id: idSchema, jobNumber: z.nullable(z.string()), serviceName: z.string() }),
  image: jobImageSchema,
  /** When the image entered QC. */
  waitingSince: isoDateTimeSchema,
});

export const listQcImagesResponseSchema = z.object({
  images: z.array(qcBoardEntrySchema),
  nextCursor: z.nullable(z.string()),
  expiresAt: isoDateTimeSchema,
});
export type ListQcImagesResponse = z.infer<typeof listQcImagesResponseSchema>;

export const imageReviewResponseSchema = z.object({
  image: jobImageSchema,
  review: z.nullable(imageReviewSchema),
  counts: imageCountsSchema,
  jobStatus: z.enum(jobStatuses),
});
export type ImageReviewResponse = z.infer<typeof imageReviewResponseSchema>;

/** `POST api/jobs/{id}/images/approve-remaining`: every DELIVERED image approved at once. */
export const approveRemainingResponseSchema = z.object({
  approved: z.int(),
  counts: imageCountsSchema,
  jobStatus: z.enum(jobStatuses),
});
export type ApproveRemainingResponse = z.infer<typeof approveRemainingResponseSchema>;
