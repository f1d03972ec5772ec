import * as z from 'zod/mini';
import { idSchema, isoDateTimeSchema } from './ids.ts';
import { leadLimits } from './lead-limits.ts';
import { optionalText, requiredText } from './text.ts';

export { leadLimits };

const emailSchema = z
  .string({ error: 'is required' })
  .check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.maxLength(leadLimits.email, `must be at most ${leadLimits.email} characters`),
    z.email('must be an email address'),
  );

/**
 * The honeypot: a field hidden from people (off-screen, `tabindex=-1`, `autocomplete=off`) that
 * form-filling bots tend to fill. The API refuses any non-empty value (400, nothing stored).
 */
const honeypotSchema = z.optional(z.string().check(z.maxLength(leadLimits.website)));

/** The contact page's form: name, email, phone and description required, service optional. */
export const contactFormLeadSchema = z.strictObject({
  source: z.optional(z.literal('contact-form')),
  name: requiredText({ max: leadLimits.name }),
  email: emailSchema,
  phone: requiredText({ max: leadLimits.phone }),
  service: optionalText({ max: leadLimits.service }),
  description: requiredText({ max: leadLimits.description, multiline: true }),
  website: honeypotSchema,
});

/**
 * The footer's Send Email form. The spec requires nothing there, but a message with no address to
 * answer is useless to staff, so email and message (sent as `description`) are required; the name
 * is optional and the two consent choices are stored as given (absent = not ticked).
 */
export const footerLeadSchema = z.strictObject({
  source: z.literal('footer'),
  name: optionalText({ max: leadLimits.name }),
  email: emailSchema,
  description: requiredText({ max: leadLimits.description, multiline: true }),
  consentPersonalData: z.optional(z.boolean('must be true or false')),
  consentOffers: z.optional(z.boolean('must be true or false')),
  website: honeypotSchema,
});

/** `POST api/contact/addnew`: either form, told apart by `source` (absent means the contact form). */
export const createContactLeadBodySchema = z.discriminatedUnion('source', [contactFormLeadSchema, footerLeadSchema]);
export type CreateContactLeadBody = z.infer<typeof createContactLeadBodySchema>;

export const contactLeadSuccessMessage = 'Your message has been sent successfully!';
export const createContactLeadResponseSchema = z.object({ id: idSchema, message: z.string() });
export type CreateContactLeadResponse = z.infer<typeof createContactLeadResponseSchema>;

export const imageFormats = ['JPG', 'PNG', 'PSD', 'TIFF'] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** `POST api/free-trial-leads`. */
export const createFreeTrialLeadBodySchema = z.strictObject({
  serviceId: idSchema,
  service: requiredText({ max: leadLimits.service }),
  brief: optionalText({ max: leadLimits.brief, multiline: true }),
  name: requiredText({ max: leadLimits.name }),
  email: emailSchema,
  format: z._default(z.enum(imageFormats, 'must be one of JPG, PNG, PSD, TIFF'), 'JPG'),
  imageLink: z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(leadLimits.link, `must be at most ${leadLimits.link} characters`),
      z.url({ protocol: /^https?$/, error: 'must be a web address (http or https)' }),
    ),
  website: honeypotSchema,
});
export type CreateFreeTrialLeadBody = z.infer<typeof createFreeTrialLeadBodySchema>;

export const freeTrialLeadSuccessMessage = 'Thank you for your submission!';
export const createFreeTrialLeadResponseSchema = z.object({ id: idSchema, message: z.string() });
export type CreateFreeTrialLeadResponse = z.infer<typeof createFreeTrialLeadResponseSchema>;

/** A stored contact lead, as staff read it. */
export const contactLeadSchema = z.object({
  id: idSchema,
  source: z.enum(['contact-form', 'footer']),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  service: z.nullable(z.string()),
  description: z.string(),
  consentPersonalData: z.nullable(z.boolean()),
  consentOffers: z.nullable(z.boolean()),
  createdAt: isoDateTimeSchema,
});
export type ContactLead = z.infer<typeof contactLeadSchema>;

/** A stored free-trial lead, as staff read it. */
export const freeTrialLeadSchema = z.object({
  id: idSchema,
  serviceId: idSchema,
  service: z.string(),
  brief: z.string(),
  name: z.string(),
  email: z.string(),
  format: z.enum(imageFormats),
  imageLink: z.string(),
  createdAt: isoDateTimeSchema,
});
export type FreeTrialLead = z.infer<typeof freeTrialLeadSchema>;
