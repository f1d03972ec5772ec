import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { maxSubServicesPerJob } from './job.ts';
import { turnaroundIdSchema } from './service.ts';
import { blankableText, requiredText } from './text.ts';

/*
 * Style specs (#35): how an organisation's images must look, saved once and ordered with again and
 * again. A spec is versioned: every edit makes a new version, and a job records the id and version
 * it was ordered with (`job.spec`), so the studio works to that version for ever. Deleting a spec
 * hides it from new orders only; its versions stay readable for the jobs that name them.
 *
 * Every setting but the name has a default that means "keep" (do what the photo already does, or
 * what the instructions say): a name and instructions are enough for a spec.
 *
 * The studio keeps house specs too (SUPER_ADMIN), which a client copies into its organisation to
 * start from; a copy is a new spec of that organisation at version 1 and does not follow the house
 * spec afterwards.
 */

/** Live specs of one organisation, and house specs of the studio. */
export const maxSpecsPerOrganisation = 100;
export const maxHouseSpecs = 50;
/** Reference images of one spec, and the largest one in bytes (20 MB). */
export const maxReferenceImagesPerSpec = 10;
export const maxReferenceImageBytes = 20 * 1024 * 1024;
export const maxSpecInstructionsLength = 4000;

/** Image types a reference image may have, with the extension its key gets. */
export const referenceImageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ReferenceImageType = keyof typeof referenceImageTypes;
const referenceImageTypeSchema = z.enum(
  Object.keys(referenceImageTypes) as [ReferenceImageType, ...ReferenceImageType[]],
  { error: 'A reference image is a JPEG, PNG or WebP picture.' },
);

export const specBackgrounds = ['keep', 'white', 'transparent'] as const;
/** Where the product sits on the canvas. */
export const specAlignments = ['keep', 'centre', 'bottom', 'top'] as const;
/** keep: the photo's framing; product: cropped around the product (the margins apply); ratio: to the aspect ratio. */
export const specCrops = ['keep', 'product', 'ratio'] as const;
export const specFileFormats = ['keep', 'JPEG', 'PNG', 'TIFF', 'PSD'] as const;
export const specColourProfiles = ['keep', 'SRGB', 'ADOBE_RGB'] as const;

/** What a person reads for each enum value (the portal, the editor's and QC's panels). */
export const specLabels = {
  background: { keep: 'Keep the background', white: 'Solid colour', transparent: 'Transparent' },
  alignment: { keep: 'Keep the position', centre: 'Centred', bottom: 'Bottom-aligned', top: 'Top-aligned' },
  crop: { keep: 'Keep the framing', product: 'Crop to the product', ratio: 'Crop to the aspect ratio' },
  fileFormat: { keep: 'Keep the format', JPEG: 'JPEG', PNG: 'PNG', TIFF: 'TIFF', PSD: 'PSD (layered)' },
  colourProfile: { keep: 'Keep the profile', SRGB: 'sRGB', ADOBE_RGB: 'Adobe RGB' },
} as const;

/** `#RRGGBB`, upper case; `#FFFFFF` is pure white. */
export const hexColourSchema = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(/^#[0-9A-F]{6}$/, 'Enter a colour as #RRGGBB, e.g. #FFFFFF.'));

const percent = z
  .int('Enter a whole percentage.')
  .check(z.minimum(0, 'A margin is at least 0 %.'), z.maximum(45, 'A margin is at most 45 %.'));
/** Space around the product, in % of the output's side, per side. */
export const specMarginsSchema = z.strictObject({ top: percent, right: percent, bottom: percent, left: percent });

/** `W:H`, each 1 to 99 (`1:1`, `4:5`, `16:9`). */
export const aspectRatioSchema = z
  .string()
  .check(z.trim(), z.regex(/^[1-9]\d?:[1-9]\d?$/, 'Enter the aspect ratio as width:height, e.g. 4:5.'));

const pixels = z
  .int('Enter whole pixels.')
  .check(z.minimum(1, 'At least 1 px.'), z.maximum(20000, 'At most 20,000 px.'));
export const specOutputSizeSchema = z.strictObject({ width: pixels, height: pixels });

/**
 * How delivered files are named: letters, digits, `-`, `_`, `.` and the tokens `{original}` (the
 * uploaded file's name without its extension), `{n}` (the image's number in the job) and `{job}`
 * (the job number). The extension follows the file format.
 */
export const fileNamingTokens = ['{original}', '{n}', '{job}'] as const;
export const fileNamingSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(100, 'A naming rule is at most 100 characters.'),
    z.regex(
      /^(?:[A-Za-z0-9._-]|\{original\}|\{n\}|\{job\})+$/,
      'Use letters, digits, - _ . and {original}, {n} or {job}.',
    ),
  );

/** A reference image as a spec keeps it: the server made its key (never sent by a caller). */
export const referenceImageSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  contentType: referenceImageTypeSchema,
  /** A presigned GET of the picture, valid for a while; answered, never stored. */
  url: z.string(),
});
export type ReferenceImage = z.infer<typeof referenceImageSchema>;

/** A reference image in a body: one uploaded through `createReferenceUploadLink`, or one the spec has. */
export const referenceImageInputSchema = z.strictObject({
  id: idSchema,
  fileName: requiredText({ max: 255, maxMessage: 'A file name is at most 255 characters.' }),
});

/**
 * The settings of a spec, as a body sends them. Every field but `name` may be left out and then
 * means "keep" (null, `keep`, an empty list).
 */
export const specSettingsBodyShape = {
  name: requiredText({
    max: 80,
    requiredMessage: 'Enter the spec’s name.',
    maxMessage: 'A spec’s name is at most 80 characters.',
  }),
  instructions: z._default(
    blankableText({
      max: maxSpecInstructionsLength,
      multiline: true,
      maxMessage: `Instructions must be at most ${maxSpecInstructionsLength} characters.`,
    }),
    '',
  ),
  /** The service an order with this spec starts with, and its subservices (all of that service). */
  serviceId: z._default(z.nullable(idSchema), null),
  subserviceIds: z._default(
    z.array(idSchema).check(
      z.maxLength(maxSubServicesPerJob, `Choose at most ${maxSubServicesPerJob} subservices.`),
      z.refine((ids) => new Set(ids).size === ids.length, 'Each subservice can be chosen once.'),
    ),
    [],
  ),
  turnaroundId: z._default(z.nullable(turnaroundIdSchema), null),
  background: z._default(z.enum(specBackgrounds), 'keep'),
  /** The colour of a `white` background (an off-white such as #F5F5F5 is common). */
  backgroundHex: z._default(hexColourSchema, '#FFFFFF'),
  margins: z._default(z.nullable(specMarginsSchema), null),
  alignment: z._default(z.enum(specAlignments), 'keep'),
  crop: z._default(z.enum(specCrops), 'keep'),
  aspectRatio: z._default(z.nullable(aspectRatioSchema), null),
  outputSize: z._default(z.nullable(specOutputSizeSchema), null),
  fileFormat: z._default(z.enum(specFileFormats), 'keep'),
  colourProfile: z._default(z.enum(specColourProfiles), 'keep'),
  dpi: z._default(
    z.nullable(
      z
        .int('Enter whole dots per inch.')
        .check(z.minimum(72, 'At least 72 DPI.'), z.maximum(1200, 'At most 1200 DPI.')),
    ),
    null,
  ),
  /** The largest a delivered file may be, in kilobytes (1,000 bytes). */
  maxFileSizeKb: z._default(
    z.nullable(
      z
        .int('Enter whole kilobytes.')
        .check(z.minimum(10, 'At least 10 KB.'), z.maximum(2_000_000, 'At most 2,000,000 KB (2 GB).')),
    ),
    null,
  ),
  fileNaming: z._default(z.nullable(fileNamingSchema), null),
  referenceImages: z._default(
    z.array(referenceImageInputSchema).check(
      z.maxLength(maxReferenceImagesPerSpec, `A spec has at most ${maxReferenceImagesPerSpec} reference images.`),
      z.refine((images) => new Set(images.map((i) => i.id)).size === images.length, 'Each image can be added once.'),
    ),
    [],
  ),
};

/** `POST api/organisations/{id}/specs` (OWNER, BUYER) and `POST api/house-specs` (SUPER_ADMIN). */
export const createSpecBodySchema = z.strictObject(specSettingsBodyShape);
export type CreateSpecBody = z.infer<typeof createSpecBodySchema>;
export type SpecSettings = Omit<CreateSpecBody, 'referenceImages'>;

/**
 * `PUT api/organisations/{id}/specs/{specId}`: the whole spec again, and the version the editor
 * started from. Another edit saved meanwhile answers 409 rather than being overwritten.
 */
export const updateSpecBodySchema = z.strictObject({
  ...specSettingsBodyShape,
  expectedVersion: z.int().check(z.minimum(1)),
});
/** `PUT api/house-specs/{specId}` (SUPER_ADMIN): house specs have no versions (a copy is a snapshot). */
export const updateHouseSpecBodySchema = createSpecBodySchema;

/** A spec (one version of it) as the API answers it. */
export const styleSpecSchema = z.object({
  id: idSchema,
  /** Null for a house spec. */
  organisationId: z.nullable(idSchema),
  /** 1 when made, one more for every edit; always 1 for a house spec. */
  version: z.int().check(z.minimum(1)),
  /** The spec's latest version (this one, unless a version was asked for). */
  latestVersion: z.int().check(z.minimum(1)),
  /** Hidden from new orders; its versions stay readable by the jobs that name them. */
  deleted: z.boolean(),
  name: z.string(),
  instructions: z.string(),
  serviceId: z.nullable(idSchema),
  subserviceIds: z.array(idSchema),
  turnaroundId: z.nullable(turnaroundIdSchema),
  background: z.enum(specBackgrounds),
  backgroundHex: z.string(),
  margins: z.nullable(specMarginsSchema),
  alignment: z.enum(specAlignments),
  crop: z.enum(specCrops),
  aspectRatio: z.nullable(z.string()),
  outputSize: z.nullable(specOutputSizeSchema),
  fileFormat: z.enum(specFileFormats),
  colourProfile: z.enum(specColourProfiles),
  dpi: z.nullable(z.int()),
  maxFileSizeKb: z.nullable(z.int()),
  fileNaming: z.nullable(z.string()),
  referenceImages: z.array(referenceImageSchema),
  /** Who saved this version, as their account was named then. */
  savedBy: z.object({ accountId: z.string(), name: z.string() }),
  /** When the spec was made, and when this version was saved. */
  createdAt: isoDateTimeSchema,
  savedAt: isoDateTimeSchema,
  /** A house spec this one was copied from, if any. */
  copiedFrom: z.nullable(z.object({ houseSpecId: idSchema, name: z.string() })),
});
export type StyleSpec = z.infer<typeof styleSpecSchema>;

export const specResponseSchema = z.object({ spec: styleSpecSchema });
/** Live specs (latest versions), by name. */
export const listSpecsResponseSchema = z.object({ specs: z.array(styleSpecSchema) });

export const specParamsSchema = z.strictObject({ id: idSchema, specId: idSchema });
export const houseSpecParamsSchema = z.strictObject({ specId: idSchema });
export const copyHouseSpecParamsSchema = z.strictObject({ id: idSchema, houseSpecId: idSchema });

/** `GET api/organisations/{id}/specs/{specId}?version=N`: that version (deleted specs too); absent: the latest of a live spec. */
export const getSpecQuerySchema = z.strictObject({
  version: z.optional(
    z.coerce.number().check(z.int('A version is a whole number.'), z.minimum(1), z.maximum(1_000_000)),
  ),
});

/** A presigned POST for one reference image (the same kind as a job photo's). */
export const createReferenceUploadLinkBodySchema = z.strictObject({
  fileName: requiredText({ max: 255, maxMessage: 'A file name is at most 255 characters.' }),
  contentType: referenceImageTypeSchema,
  size: z
    .int('Size must be a whole number of bytes.')
    .check(
      z.minimum(1, 'The file is empty.'),
      z.maximum(maxReferenceImageBytes, `A reference image is at most ${maxReferenceImageBytes / 1024 / 1024} MB.`),
    ),
});
export const referenceUploadLinkResponseSchema = z.object({
  /** What a body then names in `referenceImages` (with the file name). */
  referenceImageId: idSchema,
  upload: z.object({
    url: z.string(),
    /** Form fields to send before the file, in this order. */
    fields: z.record(z.string(), z.string()),
  }),
});

/** `GET api/jobs/{id}/spec`: the version the job was ordered with (404 when it was ordered without one). */
export const jobSpecResponseSchema = specResponseSchema;
