import * as z from 'zod/mini';
import { emailSchema } from './auth.ts';
import { queryInt } from './carousel.ts';
import { cursorSchema, idSchema, isoDateTimeSchema } from './ids.ts';
import { userIdSchema } from './job.ts';
import { blankableText, requiredText } from './text.ts';

/*
 * Organisations (#35): a brand's or an agency's team, which orders, reviews and pays together. Every
 * client has a personal organisation (made with its first need of one, or by the one-off migration
 * for accounts older than organisations); it may create more and be invited into others. Jobs belong
 * to an organisation, and a member's role there says what they may do with its jobs
 * (`organisationPermissions`): the server checks it on every request, reading the membership itself,
 * so a member who leaves loses access at once.
 */

export const organisationRoles = ['OWNER', 'BUYER', 'REVIEWER', 'VIEWER'] as const;
export const organisationRoleSchema = z.enum(organisationRoles);
export type OrganisationRole = z.infer<typeof organisationRoleSchema>;

/** What a role may do in its organisation. Reading its jobs is every member's right. */
export type OrganisationPermission =
  /** Read the organisation's jobs, their images, files, invoices and timeline. */
  | 'read'
  /** Create jobs, ask for their cancellation, choose how to pay and pay. */
  | 'order'
  /** Review delivered images, approve a job, ask for changes. */
  | 'review'
  /** Change the name and billing details, members, invitations (and, later, API keys and webhooks). */
  | 'manage';

export const organisationPermissions: Record<OrganisationRole, readonly OrganisationPermission[]> = {
  OWNER: ['read', 'order', 'review', 'manage'],
  BUYER: ['read', 'order', 'review'],
  REVIEWER: ['read', 'review'],
  VIEWER: ['read'],
};

export function roleMay(role: OrganisationRole | null, permission: OrganisationPermission): boolean {
  return role !== null && organisationPermissions[role].includes(permission);
}

/** Days an invitation may be accepted. */
export const invitationLifetimeDays = 7;
/** Members of one organisation (accepted members plus pending invitations). */
export const maxMembersPerOrganisation = 200;
/** Organisations one account may belong to. */
export const maxOrganisationsPerAccount = 50;

const text = (max: number, label: string, multiline = false) =>
  blankableText({ max, multiline, maxMessage: `${label} must be at most ${max} characters.` });

/** Two-letter ISO 3166-1 country code, upper case (`DE`, `PL`, `US`). */
export const countryCodeSchema = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'Choose a country (two-letter code).'));

/**
 * An EU VAT number as printed on invoices: the country prefix and 2 to 13 letters or digits
 * (`DE123456789`, `ATU12345678`). Spaces, dots and dashes typed in it are dropped. Only its form is
 * checked here (no VIES lookup: docs/decisions/organisation-jobs.md).
 */
export const vatNumberSchema = z
  .pipe(
    z
      .string()
      .check(
        z.maxLength(40, 'The VAT number is at most 40 characters.'),
        z.trim(),
        z.toUpperCase(),
        z.regex(/^[A-Z0-9 .-]*$/, 'Enter the VAT number with its country prefix, e.g. DE123456789.'),
      ),
    z.transform((value) => value.replace(/[ .-]/g, '')),
  )
  .check(
    z.refine(
      (value) => value === '' || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value),
      'Enter the VAT number with its country prefix, e.g. DE123456789.',
    ),
  );

/** Who the organisation's invoices are made out to. Every field may be blank until its first invoice. */
export const billingDetailsSchema = z.strictObject({
  legalName: text(200, 'Legal name'),
  addressLines: text(500, 'Address', true),
  /** Empty: not given yet. */
  country: z.union([z.literal(''), countryCodeSchema]),
  /** Empty: none (a private person or a business that gives none). */
  vatNumber: vatNumberSchema,
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const emptyBillingDetails: BillingDetails = { legalName: '', addressLines: '', country: '', vatNumber: '' };

export const organisationNameSchema = requiredText({
  max: 120,
  requiredMessage: 'Enter the organisation’s name.',
  maxMessage: 'The name must be at most 120 characters.',
});

export const organisationSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The organisation made for one client (its jobs before organisations existed, and its default). */
  personal: z.boolean(),
  billing: billingDetailsSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Organisation = z.infer<typeof organisationSchema>;

/** An organisation as one of its members sees it in a list: with the member's own role. */
export const myOrganisationSchema = z.object({
  ...organisationSchema.shape,
  role: organisationRoleSchema,
});
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;

/** The order of a caller's organisations (`GET /api/organisations`): the personal one first, then by name. */
export function compareMyOrganisations(a: MyOrganisation, b: MyOrganisation): number {
  return Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** `POST api/organisations`: the caller becomes its OWNER. */
export const createOrganisationBodySchema = z.strictObject({
  name: organisationNameSchema,
  billing: z.optional(billingDetailsSchema),
});
/** `PUT api/organisations/{id}` (OWNER): name and billing details, both whole. */
export const updateOrganisationBodySchema = z.strictObject({
  name: organisationNameSchema,
  billing: billingDetailsSchema,
});

export const organisationResponseSchema = z.object({ organisation: myOrganisationSchema });
/** `GET api/organisations`: every organisation the caller is a member of, personal first, then by name. */
export const listOrganisationsResponseSchema = z.object({ organisations: z.array(myOrganisationSchema) });

export const organisationParamsSchema = z.strictObject({ id: idSchema });
export const memberParamsSchema = z.strictObject({ id: idSchema, accountId: userIdSchema });
export const invitationParamsSchema = z.strictObject({ id: idSchema, invitationId: idSchema });
export const invitationIdParamsSchema = z.strictObject({ invitationId: idSchema });

export const memberSchema = z.object({
  accountId: z.string(),
  /** The member's name and e-mail as their account had them when it joined (kept on the member item). */
  name: z.string(),
  email: z.string(),
  role: organisationRoleSchema,
  joinedAt: isoDateTimeSchema,
});
export type Member = z.infer<typeof memberSchema>;

/** `GET api/organisations/{id}/members` (any member): owners first, then by name. Pending invitations are `listInvitations`. */
export const listMembersResponseSchema = z.object({ members: z.array(memberSchema) });
export const memberResponseSchema = z.object({ member: memberSchema });

/** `PUT api/organisations/{id}/members/{accountId}` (OWNER): a member's new role. */
export const updateMemberBodySchema = z.strictObject({ role: organisationRoleSchema });

export const invitationStatuses = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;

export const invitationSchema = z.object({
  id: idSchema,
  organisationId: idSchema,
  organisationName: z.string(),
  email: z.string(),
  role: organisationRoleSchema,
  status: z.enum(invitationStatuses),
  invitedBy: z.object({ accountId: z.string(), name: z.string() }),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `POST api/organisations/{id}/invitations` (OWNER): e-mails a link valid `invitationLifetimeDays`. */
export const createInvitationBodySchema = z.strictObject({ email: emailSchema, role: organisationRoleSchema });
export const invitationResponseSchema = z.object({ invitation: invitationSchema });
/** `GET api/organisations/{id}/invitations` (OWNER): pending ones, newest first. */
export const listInvitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });
/** `POST api/invitations/{invitationId}/accept`: the membership made and its organisation. */
export const acceptInvitationResponseSchema = z.object({ organisation: myOrganisationSchema });

/** `GET api/organisations/{id}/jobs`: the organisation's jobs, newest first, paged. */
export const organisationJobsQuerySchema = z.strictObject({
  limit: queryInt(1, 100),
  cursor: z.optional(cursorSchema),
});
