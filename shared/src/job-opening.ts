import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { imageUrlSchema } from './service.ts';

export const jobOpeningSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  imageUrl: z.nullable(imageUrlSchema),
  isActive: z.boolean(),
  postedDate: isoDateTimeSchema,
});
export type JobOpening = z.infer<typeof jobOpeningSchema>;

/** `GET api/job-openings`: a bare array of the active openings, newest first. */
export const listJobOpeningsResponseSchema = z.array(jobOpeningSchema);
export type ListJobOpeningsResponse = z.infer<typeof listJobOpeningsResponseSchema>;
