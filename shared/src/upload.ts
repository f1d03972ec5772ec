import * as z from 'zod/mini';
import { idSchema } from './ids.ts';
import { requiredText } from './text.ts';

/*
 * Client photo uploads: the browser asks for a presigned POST per file and sends the file
 * straight to the uploads bucket. The server picks the key; the file name only must look sane.
 */

/** Image types a client may upload, with the extension the stored key gets. */
export const uploadImageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'image/heic': 'heic',
  'image/heif': 'heif',
} as const;
export type UploadImageType = keyof typeof uploadImageTypes;

/** Largest photo accepted, in bytes (100 MB: a large TIFF from a medium-format camera). */
export const maxUploadBytes = 100 * 1024 * 1024;

/** Minutes a presigned POST stays valid. */
export const uploadLinkMinutes = 15;

/** `GET api/get-upload-link`: query strings arrive as text, so `size` is coerced. */
export const getUploadLinkQuerySchema = z.strictObject({
  fileName: requiredText({ max: 255 }),
  contentType: z.enum(Object.keys(uploadImageTypes) as [UploadImageType, ...UploadImageType[]], {
    error: 'Upload JPEG, PNG, WebP, TIFF or HEIC photos.',
  }),
  size: z.coerce
    .number()
    .check(
      z.int('Size must be a whole number of bytes.'),
      z.minimum(1, 'The file is empty.'),
      z.maximum(maxUploadBytes, `A photo can be at most ${maxUploadBytes / 1024 / 1024} MB.`),
    ),
  /** Absent on the first file of an upload; the answer names the upload the next files join. */
  uploadId: z.optional(idSchema),
});

export const uploadLinkSchema = z.object({
  /** Where the browser POSTs the form: the bucket's URL. */
  url: z.string(),
  /** Form fields to send before the file, in this order. */
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  uploadId: idSchema,
});
export type UploadLink = z.infer<typeof uploadLinkSchema>;

export const getUploadLinkResponseSchema = z.object({ uploadurl: uploadLinkSchema });
