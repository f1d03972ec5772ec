import * as z from 'zod/mini';
import { isoDateTimeSchema } from './ids.ts';
import { blankableText } from './text.ts';

/*
 * The studio's own settings (#16): one item, read by invoices, the payment page and the release of
 * delivered files, edited by a SUPER_ADMIN on the settings page. Later issues add their fields here
 * (free revision rounds, auto-approval days): add the field to `studioSettingsFieldsSchema` with a
 * default in `defaultStudioSettings`; an item stored before the field existed reads as the default.
 */

export const maxVatRatePercent = 100;

/** A VAT rate in percent with at most two decimals (`20`, `7.7`, `0`). */
export const vatRatePercentSchema = z
  .number('Enter the VAT rate as a number of percent.')
  .check(
    z.minimum(0, 'The VAT rate is 0 or more.'),
    z.maximum(maxVatRatePercent, `The VAT rate is at most ${maxVatRatePercent} %.`),
    z.multipleOf(0.01, 'The VAT rate has at most two decimals.'),
  );

// The one text builder (#19): control and hidden formatting characters refused, NFC, trimmed.
const text = (max: number, label: string, multiline = false) =>
  blankableText({ max, multiline, maxMessage: `${label} must be at most ${max} characters.` });

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
};

export const studioSettingsSchema = z.object({
  ...studioSettingsFieldsSchema.shape,
  /** Null until a SUPER_ADMIN first saves them. */
  updatedAt: z.nullable(isoDateTimeSchema),
});
export type StudioSettings = z.infer<typeof studioSettingsSchema>;

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
