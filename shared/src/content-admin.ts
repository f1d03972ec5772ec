import * as z from 'zod/mini';
import { adminTextLimits, catalogImagePathSchema } from './catalog-admin.ts';
import { idSchema } from './ids.ts';
import { jobOpeningSchema } from './job-opening.ts';
import { contactLeadSchema, freeTrialLeadSchema } from './lead.ts';
import { sliderImageSchema } from './slider-image.ts';
import { testimonialSchema } from './testimonial.ts';
import { optionalText, requiredText } from './text.ts';

/*
 * Staff writes of the home page's content (slider images, testimonials) and of job openings, and
 * the staff reads of leads.
 */

/** Most slider images or testimonials kept (a reorder rewrites them all in one transaction). */
export const maxHomeContentItems = 50;

const idListSchema = z.array(idSchema).check(
  z.minLength(1, 'is required'),
  z.maxLength(maxHomeContentItems),
  z.refine((ids) => new Set(ids).size === ids.length, 'an item is named twice'),
);

/** `PUT api/slider-images/order`, `PUT api/testimonials/order`: every id, in the new order. */
export const reorderBodySchema = z.strictObject({ ids: idListSchema });

/** Longest hero text of a slide: a sentence or two over the picture. */
export const slideTextLimit = 300;

/** `POST api/slider-images`: a confirmed image appended to the home page's slides, with its copy if any. */
export const createSliderImageBodySchema = z.strictObject({
  imagePath: catalogImagePathSchema,
  // Optional copy through the one text builder (#19); blank is none.
  title: optionalText({ max: adminTextLimits.title }),
  text: optionalText({ max: slideTextLimit }),
});
export const sliderImageWriteResponseSchema = z.object({ image: sliderImageSchema, message: z.string() });
export const sliderImagesResponseSchema = z.object({ images: z.array(sliderImageSchema), message: z.string() });

/** `POST api/testimonials`, `PUT api/testimonials/{id}`. */
export const testimonialBodySchema = z.strictObject({
  text: requiredText({ max: adminTextLimits.testimonial, multiline: true }),
  author: requiredText({ max: adminTextLimits.name }),
  position: z._default(optionalText({ max: adminTextLimits.position }), ''),
});
export type TestimonialBody = z.infer<typeof testimonialBodySchema>;
export const testimonialWriteResponseSchema = z.object({ testimonial: testimonialSchema, message: z.string() });
export const testimonialsResponseSchema = z.object({ testimonials: z.array(testimonialSchema), message: z.string() });

/** An opening's picture: an absolute http(s) address, or a console-uploaded image path. */
const openingImageSchema = z.union(
  [
    catalogImagePathSchema,
    z.string().check(z.maxLength(2048), z.url({ protocol: /^https?$/, error: 'must be a URL (http or https)' })),
  ],
  { error: 'must be a URL (http or https)' },
);

/** `POST api/job-openings`, `PUT api/job-openings/{id}`. */
export const jobOpeningBodySchema = z.strictObject({
  title: requiredText({ max: adminTextLimits.title }),
  description: requiredText({ max: adminTextLimits.description * 5, multiline: true }),
  imageUrl: z.optional(z.nullable(openingImageSchema)),
  isActive: z._default(z.boolean('must be true or false'), true),
});
export type JobOpeningBody = z.infer<typeof jobOpeningBodySchema>;
export const jobOpeningWriteResponseSchema = z.object({ opening: jobOpeningSchema, message: z.string() });
/** `GET api/job-openings/all`: every opening, active or not, newest first. */
export const listAllJobOpeningsResponseSchema = z.object({ openings: z.array(jobOpeningSchema) });

/** `GET api/contact/all-leads`, `GET api/free-trial-leads/all`: a page, optionally searched. */
export const listLeadsQuerySchema = z.strictObject({
  search: optionalText({ max: 100 }),
  next: z.optional(z.string().check(z.maxLength(2000), z.regex(/^[A-Za-z0-9_-]+$/, 'is not a valid position'))),
});
export const leadPageSize = 50;
export const listContactLeadsResponseSchema = z.object({
  leads: z.array(contactLeadSchema),
  next: z.nullable(z.string()),
});
export const listFreeTrialLeadsResponseSchema = z.object({
  leads: z.array(freeTrialLeadSchema),
  next: z.nullable(z.string()),
});

export const deletedMessage = 'Deleted.';
