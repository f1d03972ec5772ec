import * as z from 'zod/mini';
import { queryInt } from './carousel.ts';
import type { DocumentExtension } from './document-signature.ts';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { optionalText, requiredText } from './text.ts';

/*
 * Job applications (spec §3, §5). The browser sends each file straight to the private
 * applications bucket with a presigned POST, then posts the form as JSON naming the uploads; the
 * server checks every upload's size and real type before it stores the application.
 */

/** Largest resume or cover letter, in bytes (spec §5: 10 MB). */
export const maxApplicationFileBytes = 10_485_760;
/** Spec §5: the alert when a chosen file is larger. */
export const applicationFileTooLargeMessage = 'File size should not exceed 10MB';
export const applicationFileTypeMessage = 'Only PDF, DOC or DOCX files are accepted.';
/** Spec §5: the help text under the file inputs. */
export const applicationFileHint = 'Upload PDF or DOC (Max 10MB)';

/** Accepted documents: extension -> the content type the stored object gets. */
export const applicationDocumentTypes: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The extension of a file name, lower-cased, when it is one we accept. */
export function documentExtensionOf(fileName: string): DocumentExtension | null {
  const match = /\.(pdf|docx?)$/i.exec(fileName);
  return match ? (match[1]!.toLowerCase() as DocumentExtension) : null;
}

/** Minutes a presigned POST for a document stays valid. */
export const applicationUploadMinutes = 15;
/** Seconds a presigned download link stays valid. */
export const applicationDownloadSeconds = 60;

export const jobTypes = ['Full Time', 'Contract', 'Internship', 'PartTime'] as const;
export type JobType = (typeof jobTypes)[number];
/** How each job type is shown (spec §3: PartTime is shown as 'Part Time'). */
export const jobTypeLabels: Record<JobType, string> = {
  'Full Time': 'Full Time',
  Contract: 'Contract',
  Internship: 'Internship',
  PartTime: 'Part Time',
};

export const applicationDocumentKinds = ['resume', 'coverLetter'] as const;
export type ApplicationDocumentKind = (typeof applicationDocumentKinds)[number];

/** Longest text per field. */
export const applicationLimits = {
  email: 254,
  fullName: 100,
  contactNo: 16,
  text: 100,
  ctc: 50,
  link: 2048,
  fileName: 255,
} as const;

const fileNameSchema = requiredText({
  max: applicationLimits.fileName,
  checks: [z.refine((name) => documentExtensionOf(name) !== null, applicationFileTypeMessage)],
});

/** `POST api/job-openings/job-applications/upload-link`: one presigned POST per file. */
export const createApplicationUploadLinkBodySchema = z.strictObject({
  jobOpeningId: idSchema,
  kind: z.enum(applicationDocumentKinds, 'must be resume or coverLetter'),
  fileName: fileNameSchema,
  size: z
    .int('must be a whole number of bytes')
    .check(z.minimum(1, 'The file is empty.'), z.maximum(maxApplicationFileBytes, applicationFileTooLargeMessage)),
});
export type CreateApplicationUploadLinkBody = z.infer<typeof createApplicationUploadLinkBodySchema>;

export const applicationUploadLinkSchema = z.object({
  /** Where the browser POSTs the form: the bucket's URL. */
  url: z.string(),
  /** Form fields to send before the file, in this order. */
  fields: z.record(z.string(), z.string()),
  /** The key the server chose; the application names it. */
  key: z.string(),
});
export type ApplicationUploadLink = z.infer<typeof applicationUploadLinkSchema>;

export const createApplicationUploadLinkResponseSchema = z.object({ uploadurl: applicationUploadLinkSchema });

/** An upload key the server handed out: `uploads/<ulid>.<ext>`. */
export const applicationUploadKeySchema = z
  .string({ error: 'is required' })
  .check(z.regex(/^uploads\/[0-9A-HJKMNP-TV-Z]{26}\.(pdf|doc|docx)$/, 'must be an upload key from the upload link'));

/** A file the browser uploaded: the key it was given and the name the applicant's file had. */
export const applicationFileRefSchema = z.strictObject(
  { key: applicationUploadKeySchema, fileName: fileNameSchema },
  { error: 'is required' },
);
export type ApplicationFileRef = z.infer<typeof applicationFileRefSchema>;

/**
 * International phone number as the phone input sends it: `+`, the country code and the number,
 * digits only (E.164, at most 15 digits).
 */
export const contactNoSchema = z
  .string({ error: 'is required' })
  .check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.regex(/^\+[1-9][0-9]{6,14}$/, 'must be a phone number with its country code, e.g. +12025550123'),
  );

/** `POST api/job-openings/job-applications` (spec §3 "Job application (submitted)"). */
export const createJobApplicationBodySchema = z.strictObject({
  jobOpeningId: idSchema,
  email: z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(applicationLimits.email, `must be at most ${applicationLimits.email} characters`),
      z.email('must be an email address'),
    ),
  fullName: requiredText({ max: applicationLimits.fullName }),
  contactNo: contactNoSchema,
  currentCompany: optionalText({ max: applicationLimits.text }),
  currentDesignation: optionalText({ max: applicationLimits.text }),
  currentCTC: optionalText({ max: applicationLimits.ctc }),
  expectedCTC: optionalText({ max: applicationLimits.ctc }),
  currentLocation: requiredText({ max: applicationLimits.text }),
  overallExperience: requiredText({ max: applicationLimits.text }),
  jobType: z._default(z.enum(jobTypes, 'must be one of Full Time, Contract, Internship, PartTime'), 'Full Time'),
  noticePeriod: requiredText({ max: applicationLimits.text }),
  portfolioLink: z.optional(
    z
      .string({ error: 'must be text' })
      .check(
        z.trim(),
        z.maxLength(applicationLimits.link, `must be at most ${applicationLimits.link} characters`),
        z.url({ protocol: /^https?$/, error: 'must be a web address (http or https)' }),
      ),
  ),
  resume: applicationFileRefSchema,
  coverLetter: z.optional(applicationFileRefSchema),
});
export type CreateJobApplicationBody = z.infer<typeof createJobApplicationBodySchema>;

export const applicationSubmittedMessage = 'Application submitted successfully!';
export const createJobApplicationResponseSchema = z.object({ id: idSchema, message: z.string() });

/** The opening an application was for, as staff read it (live; a snapshot if it was deleted). */
export const applicationOpeningSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  postedDate: z.nullable(isoDateTimeSchema),
  isActive: z.boolean(),
});

/** Spec §3 "Application (read)". `resumePath` / `coverLetterPath` are the API download paths, null when absent. */
export const applicationSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  contactNo: z.string(),
  jobType: z.enum(jobTypes),
  overallExperience: z.string(),
  currentCTC: z.nullable(z.string()),
  expectedCTC: z.nullable(z.string()),
  noticePeriod: z.string(),
  currentCompany: z.nullable(z.string()),
  currentDesignation: z.nullable(z.string()),
  currentLocation: z.string(),
  portfolioLink: z.nullable(z.string()),
  createdAt: isoDateTimeSchema,
  resumePath: z.nullable(z.string()),
  coverLetterPath: z.nullable(z.string()),
  resumeFileName: z.nullable(z.string()),
  coverLetterFileName: z.nullable(z.string()),
  jobOpeningId: idSchema,
  jobOpening: applicationOpeningSchema,
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationPageSize = 10;

/** `GET api/applications?page&limit&jobId`: page from 1, limit 1..100 (10 by default). */
export const listApplicationsQuerySchema = z.strictObject({
  page: queryInt(1, 100_000),
  limit: queryInt(1, 100),
  jobId: z.optional(idSchema),
});
export type ListApplicationsQuery = z.infer<typeof listApplicationsQuerySchema>;

export const listApplicationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(applicationSchema),
  pagination: z.object({ page: z.int(), limit: z.int(), total: z.int(), pages: z.int() }),
  /** Every opening, active or not, for the filter (a studio has few). */
  openings: z.array(z.object({ id: idSchema, title: z.string(), isActive: z.boolean() })),
});
export type ListApplicationsResponse = z.infer<typeof listApplicationsResponseSchema>;

export const getApplicationResponseSchema = z.object({ success: z.literal(true), data: applicationSchema });

/** `GET api/applications/{id}/resume` and `/coverletter`: a short-lived download link. */
export const applicationDownloadResponseSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  /** `resume_<id>.<ext>` / `coverletter_<id>.<ext>`, the extension of the stored file's real type. */
  fileName: z.string(),
  expiresAt: isoDateTimeSchema,
});
export type ApplicationDownloadResponse = z.infer<typeof applicationDownloadResponseSchema>;
