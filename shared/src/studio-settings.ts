import * as z from 'zod/mini';
import { isoDateTimeSchema } from './ids.ts';
import { countryCodeSchema } from './organisation.ts';
import { blankableText, requiredText } from './text.ts';
import { decimalSchema } from './decimal.ts';

/*
 * The studio's own settings (#16): one item, read by invoices, the payment page and the release of
 * delivered files, edited by a SUPER_ADMIN on the settings page. Later issues add their fields here
 * (free revision rounds and auto-approval days, #17): add the field to `studioSettingsFieldsSchema` with a
 * default in `defaultStudioSettings`; an item stored before the field existed reads as the default.
 */

export const maxVatRatePercent = 100;
export const maxFreeRevisionRounds = 20;
export const maxAutoApprovalDays = 90;

/** A VAT rate in percent with at most two decimals (`20`, `7.7`, `0`). */
export const vatRatePercentSchema = decimalSchema({
  min: 0,
  max: maxVatRatePercent,
  decimals: 2,
  messages: {
    type: 'Enter the VAT rate as a number of percent.',
    min: 'The VAT rate is 0 or more.',
    max: `The VAT rate is at most ${maxVatRatePercent} %.`,
    decimals: 'The VAT rate has at most two decimals.',
  },
});

// The one text builder (#19): control and hidden formatting characters refused, NFC, trimmed.
const text = (max: number, label: string, multiline = false) =>
  blankableText({ max, multiline, maxMessage: `${label} must be at most ${max} characters.` });

/** Whether this runtime knows `name` as an IANA time zone (`Europe/Warsaw`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The studio's time zone: an IANA name, as the settings page offers them (typed text, so the one text builder). */
export const timeZoneSchema = requiredText({
  max: 64,
  requiredMessage: 'Choose a time zone.',
  maxMessage: 'Choose a time zone from the list.',
  checks: [z.refine(isTimeZone, 'Choose a time zone from the list (e.g. Europe/Warsaw).')],
});

/** Every setting, as a SUPER_ADMIN sends them (all of them: a PUT replaces the settings). */
export const studioSettingsFieldsSchema = z.strictObject({
  /** The studio's legal name, on invoices and as the payee of transfers. */
  legalName: text(200, 'The legal name'),
  /** Postal address, several lines. */
  address: text(1000, 'The address', true),
  /** VAT or tax registration number. */
  taxId: text(100, 'The tax id'),
  /** Bank details for transfers, several lines (account holder, IBAN, BIC, bank). */
  bankDetails: text(1000, 'The bank details', true),
  /** VAT included in every price, in percent; 0 for none. */
  vatRatePercent: vatRatePercentSchema,
  /**
   * Whether delivered files are released to the client before the job is paid. Default: no,
   * released only once paid (issue 15's release rule reads this).
   */
  releaseFilesBeforePayment: z.boolean(),
  /**
   * Revision rounds a client may ask for free (issue 17); a request beyond them is still accepted
   * and marked billable for staff.
   */
  freeRevisionRounds: z
    .int('Enter a whole number of free revision rounds.')
    .check(
      z.minimum(0, 'Free revision rounds are 0 or more.'),
      z.maximum(maxFreeRevisionRounds, `At most ${maxFreeRevisionRounds} free revision rounds.`),
    ),
  /** Days after a delivery without the client's answer before it is approved automatically (issue 17). */
  autoApprovalDays: z
    .int('Enter a whole number of days.')
    .check(
      z.minimum(1, 'Auto-approval waits at least 1 day.'),
      z.maximum(maxAutoApprovalDays, `Auto-approval waits at most ${maxAutoApprovalDays} days.`),
    ),
  /**
   * Whether every finished version of an image waits for a MANAGER's or SUPER_ADMIN's check (QC,
   * #33) before the client sees it. Default on. Optional in a PUT: left out, the stored value stays
   * (the settings page of #16 does not know it).
   */
  qcRequired: z.optional(z.boolean('Say whether finished images need a QC check.')),
  /**
   * The studio's time zone (#40): the staff boards show every date and time in it, with its name.
   * Optional in a PUT like `qcRequired`: left out, the stored value stays. Default UTC.
   */
  timeZone: z.optional(timeZoneSchema),
  /**
   * Where the studio is established (#35): a two-letter ISO country code, or empty when not given.
   * The reverse charge of an EU business buyer's invoice depends on it (`reverseChargeApplies`).
   * Optional in a PUT like `qcRequired`: left out, the stored value stays. Default empty.
   */
  country: z.optional(z.union([z.literal(''), countryCodeSchema])),
});
export type StudioSettingsFields = z.infer<typeof studioSettingsFieldsSchema>;

/** The settings of a studio that never saved any. */
export const defaultStudioSettings: StudioSettingsFields = {
  legalName: 'Retouch Studio',
  address: '',
  taxId: '',
  bankDetails: '',
  vatRatePercent: 0,
  releaseFilesBeforePayment: false,
  freeRevisionRounds: 2,
  autoApprovalDays: 7,
  qcRequired: true,
  timeZone: 'UTC',
  country: '',
};

export const studioSettingsSchema = z.object({
  ...studioSettingsFieldsSchema.shape,
  qcRequired: z.boolean(),
  timeZone: z.string(),
  country: z.string(),
  /** Null until a SUPER_ADMIN first saves them. */
  updatedAt: z.nullable(isoDateTimeSchema),
});
export type StudioSettings = z.infer<typeof studioSettingsSchema>;

/** `GET api/settings/time-zone` (every signed-in person): the studio's time zone. */
export const studioTimeZoneResponseSchema = z.object({ timeZone: z.string() });

/** `GET api/settings` and `PUT api/settings` (SUPER_ADMIN). */
export const studioSettingsResponseSchema = z.object({ settings: studioSettingsSchema });

/**
 * The payment side of releasing a job's delivered files (issue 15 owns the rest of the rule):
 * released once the job is paid, or before payment when the studio says so.
 */
export function paymentAllowsRelease(
  paid: boolean,
  settings: Pick<StudioSettingsFields, 'releaseFilesBeforePayment'>,
): boolean {
  return paid || settings.releaseFilesBeforePayment;
}

/**
 * When a client pays (#40): one statement, from the one setting that decides it. Not releasing
 * before payment, a job's due time counts from its payment, so payment is due with the order;
 * releasing before payment, it counts from the order and the client pays once the work is delivered. The
 * payment page's terms, the quote page and the order's e-mail all say this, and nothing else.
 */
export function paymentDueStatement(settings: Pick<StudioSettingsFields, 'releaseFilesBeforePayment'>): string {
  return settings.releaseFilesBeforePayment
    ? 'Payment is due once we deliver: your turnaround starts when you order, and you can download the finished files before you pay.'
    : 'Payment is due when you order: your turnaround starts once the job is paid, and the finished files are yours to download as soon as they are delivered.';
}

/** `GET api/settings/payment-terms` (signed in): when payment is due, as the studio's settings say. */
export const paymentTermsResponseSchema = z.object({
  /** True: the studio starts work and releases files before payment; the client pays after delivery. */
  releaseFilesBeforePayment: z.boolean(),
  /** {@link paymentDueStatement} of the settings. */
  statement: z.string(),
});
export type PaymentTermsResponse = z.infer<typeof paymentTermsResponseSchema>;
