import * as z from 'zod/mini';
import { queryInt } from './carousel.ts';
import { cursorSchema, idSchema, isoDateTimeSchema } from './ids.ts';
import { requiredText } from './text.ts';
import { uploadImageTypes, uploadLinkMinutes, type UploadImageType } from './upload.ts';
import { previewStatuses } from './images.ts';

/*
 * A job's files, both ways (issue 15): the client's photos (posted under an upload, confirmed one
 * by one, then closed into the job that bills them) and the finished files the studio delivers.
 * Every file keeps the name it was uploaded with, its size and its real type; the storage key is
 * the server's. Downloads are short-lived presigned GETs issued after the route's access check.
 */

/** Seconds a download or thumbnail link stays valid: long enough to open a page of 100 files. */
export const fileLinkSeconds = 15 * 60;

/** Files per page of `GET api/jobs/{id}/photos` and `.../deliverables` (default and most). */
export const filePageDefault = 100;
export const filePageMax = 500;

/**
 * A name as uploaded: what the browser reported, kept as text only (never part of a key). The one
 * text builder (#19) refuses control and hidden formatting characters and line breaks.
 */
export const uploadedFileNameSchema = requiredText({
  max: 255,
  requiredMessage: 'Name the file.',
  maxMessage: 'A file name can be at most 255 characters.',
});

/**
 * A storage key an upload link answered: its characters only, never free text. Which keys a route
 * takes (the caller's upload, the job's deliverables) the route checks.
 */
export const postedKeySchema = z
  .string()
  .check(z.maxLength(512), z.regex(/^[A-Za-z0-9][A-Za-z0-9/._-]*$/, 'must be a key an upload link answered'));

/** A file of a job, as the API answers it. */
export const jobFileSchema = z.object({
  id: idSchema,
  /** The name the file was uploaded with. */
  fileName: z.string(),
  size: z.int(),
  /** The real type, read from the file's bytes. */
  contentType: z.enum(Object.keys(uploadImageTypes) as [UploadImageType, ...UploadImageType[]]),
  /** A small WebP preview, when the server could decode the file (not HEIC). */
  thumbnailUrl: z.nullable(z.string()),
  /** A presigned GET that downloads the file under its uploaded name. */
  downloadUrl: z.string(),
  uploadedAt: isoDateTimeSchema,
});
export type JobFile = z.infer<typeof jobFileSchema>;

export const listJobFilesQuerySchema = z.strictObject({
  limit: queryInt(1, filePageMax),
  cursor: z.optional(cursorSchema),
});

/** `GET api/jobs/{id}/photos`: the client's photos of a job, in upload order, paged. */
export const listJobPhotosResponseSchema = z.object({
  photos: z.array(jobFileSchema),
  /** How many photos the job has in all (its billed count for an upload). */
  total: z.int(),
  nextCursor: z.nullable(z.string()),
  /** Links expire at this time; ask again for fresh ones. */
  expiresAt: isoDateTimeSchema,
});
export type ListJobPhotosResponse = z.infer<typeof listJobPhotosResponseSchema>;

/** `GET api/jobs/{id}/deliverables`: the finished files, with whether the client may download them. */
export const listDeliverablesResponseSchema = z.object({
  deliverables: z.array(jobFileSchema),
  total: z.int(),
  nextCursor: z.nullable(z.string()),
  expiresAt: isoDateTimeSchema,
  /** The studio's external delivery link, if one was given besides (or instead of) files. */
  deliveryLink: z.nullable(z.string()),
});
export type ListDeliverablesResponse = z.infer<typeof listDeliverablesResponseSchema>;

/** `POST api/uploads/{uploadId}/photos`: the client confirms one posted photo of an upload. */
export const confirmPhotoBodySchema = z.strictObject({
  /** The key the upload link answered. */
  key: postedKeySchema,
  fileName: uploadedFileNameSchema,
});

export const uploadIdParamsSchema = z.strictObject({ uploadId: idSchema });

export const confirmedPhotoSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  size: z.int(),
  contentType: jobFileSchema.shape.contentType,
  /**
   * Whether a preview exists yet. Since #33 previews are made off the request path by the preview
   * worker: a photo just confirmed has none yet (`preview: PENDING`); list the job's images later.
   */
  hasThumbnail: z.boolean(),
  /** The preview's state (#33): PENDING until the preview worker has read the file. */
  preview: z.optional(z.enum(previewStatuses)),
});

export type ConfirmedPhoto = z.infer<typeof confirmedPhotoSchema>;

export const confirmPhotoResponseSchema = z.object({
  photo: confirmedPhotoSchema,
  /** The upload's confirmed photos so far: the job made from it bills this many. */
  upload: z.object({ uploadId: idSchema, photoCount: z.int(), bytes: z.number() }),
});
export type ConfirmPhotoResponse = z.infer<typeof confirmPhotoResponseSchema>;

/** `POST api/jobs/{id}/deliverables/upload-link`: a presigned POST for one finished file. */
export const createDeliverableUploadLinkBodySchema = z.strictObject({
  fileName: uploadedFileNameSchema,
  contentType: z.enum(Object.keys(uploadImageTypes) as [UploadImageType, ...UploadImageType[]], {
    error: 'Deliver JPEG, PNG, WebP, TIFF or HEIC files.',
  }),
  size: z.int('Size must be a whole number of bytes.').check(z.minimum(1, 'The file is empty.')),
});

export const fileUploadLinkSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});
export type FileUploadLink = z.infer<typeof fileUploadLinkSchema>;

export const createDeliverableUploadLinkResponseSchema = z.object({ upload: fileUploadLinkSchema });

/** `POST api/jobs/{id}/deliverables`: confirms one posted finished file. */
export const confirmDeliverableBodySchema = z.strictObject({
  key: postedKeySchema,
  fileName: uploadedFileNameSchema,
});

export const confirmDeliverableResponseSchema = z.object({
  deliverable: confirmedPhotoSchema,
  /** The job's delivered files so far. */
  deliverableCount: z.int(),
});

/**
 * The sets of a job that "Download all" zips: the client's photos; the finished files (the current
 * released version of each image, #33, or a link job's files); every released version (#33: the
 * earlier ones too, "older on request").
 */
export const archiveSets = ['photos', 'deliverables', 'versions'] as const;
export type ArchiveSet = (typeof archiveSets)[number];

export const archiveParamsSchema = z.strictObject({ id: idSchema, set: z.enum(archiveSets) });

export const archiveStatuses = ['NONE', 'BUILDING', 'READY', 'FAILED'] as const;
export type ArchiveStatus = (typeof archiveStatuses)[number];

/** Largest volume of an archive (#33): 2 GB, so each is built by one worker run within its time. */
export const maxArchiveVolumeBytes = 2_000_000_000;

/** A volume's state: waiting for its worker, being zipped, ready, or failed (asking again retries it). */
export const archiveVolumeStatuses = ['PLANNED', 'BUILDING', 'READY', 'FAILED'] as const;

/** One zip of an archive: files in the set's order, at most {@link maxArchiveVolumeBytes}. */
export const archiveVolumeSchema = z.object({
  number: z.int(),
  status: z.enum(archiveVolumeStatuses),
  fileCount: z.int(),
  /** Its size: as planned until READY, then the zip's. */
  bytes: z.number(),
  fileName: z.string(),
  downloadUrl: z.nullable(z.string()),
  expiresAt: z.nullable(isoDateTimeSchema),
  error: z.nullable(z.string()),
});
export type ArchiveVolume = z.infer<typeof archiveVolumeSchema>;

/**
 * `POST api/jobs/{id}/archives/{set}` starts building the set's archive (or answers the one built
 * or building; a failed volume is built again); `GET` answers its state. Since #33 an archive is
 * built in volumes of at most 2 GB, each by its own worker run, in parallel; the archive is READY
 * when every volume is, FAILED when one failed. With one volume, `downloadUrl` is its link.
 */
export const archiveResponseSchema = z.object({
  archive: z.object({
    status: z.enum(archiveStatuses),
    set: z.enum(archiveSets),
    /** Files in the archive (or being put in it). */
    fileCount: z.int(),
    /** Size of the zips once READY. */
    bytes: z.nullable(z.number()),
    fileName: z.string(),
    /** The zip, when the archive is READY in one volume; else each volume's link. */
    downloadUrl: z.nullable(z.string()),
    expiresAt: z.nullable(isoDateTimeSchema),
    /** Why the last build failed (FAILED only). */
    error: z.nullable(z.string()),
    requestedAt: z.nullable(isoDateTimeSchema),
    /** The volumes, in order (empty until the files are counted). */
    volumes: z.optional(z.array(archiveVolumeSchema)),
  }),
});
export type JobArchive = z.infer<typeof archiveResponseSchema>['archive'];

/** Minutes a presigned POST for a deliverable stays valid (as for client photos). */
export const deliverableLinkMinutes = uploadLinkMinutes;
