import { useState } from 'react';
import { studioSettingsFieldsSchema, type StudioSettings } from '@studio/shared/studio-settings';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useStudioSettings } from '../api/get-settings.ts';
import { useUpdateStudioSettings } from '../api/update-settings.ts';
import '../../../components/form.css';

/** The zones this browser knows, to choose from (UTC first); any IANA name may be typed. */
function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((name) => name !== 'UTC')];
}

function SettingsForm({
  settings,
  saved,
  onSaved,
}: {
  settings: StudioSettings;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const save = useUpdateStudioSettings();
  const form = useSchemaForm({
    schema: studioSettingsFieldsSchema,
    initialValues: {
      legalName: settings.legalName,
      address: settings.address,
      taxId: settings.taxId,
      country: settings.country,
      bankDetails: settings.bankDetails,
      vatRatePercent: String(settings.vatRatePercent),
      releaseFilesBeforePayment: settings.releaseFilesBeforePayment,
      qcRequired: settings.qcRequired,
      timeZone: settings.timeZone,
      freeRevisionRounds: String(settings.freeRevisionRounds),
      autoApprovalDays: String(settings.autoApprovalDays),
    },
    numbers: ['vatRatePercent', 'freeRevisionRounds', 'autoApprovalDays'],
    labels: {
      legalName: 'Legal name',
      address: 'Address',
      taxId: 'Tax id',
      country: 'Country',
      bankDetails: 'Bank details',
      vatRatePercent: 'VAT rate',
      freeRevisionRounds: 'Free revision rounds',
      autoApprovalDays: 'Auto-approval days',
      timeZone: 'Time zone',
    },
  });
  return (
    <form
      className="form staff-settings"
      noValidate
      // Any change after a save: what is on the screen is no longer what was saved.
      onChange={() => onSaved(false)}
      onSubmit={form.handleSubmit(
        async (body) => {
          onSaved(false);
          await save.mutateAsync(body);
          onSaved(true);
        },
        { failureText: 'Failed to save the settings' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <fieldset>
        <legend>On invoices and receipts</legend>
        <FormField label="Legal name *" autoComplete="organization" {...form.field('legalName')} />
        <Field label="Address" error={form.errors.address}>
          {(control) => <textarea rows={3} {...control} {...form.control('address')} />}
        </Field>
        <FormField label="Tax id (VAT number)" {...form.field('taxId')} />
        <FormField
          label="Country"
          hint="Where the studio is established, as a two-letter code (DE, PL). An invoice to a business in another EU country that gives its VAT number is made out under the reverse charge."
          autoComplete="country"
          maxLength={2}
          {...form.field('country')}
        />
        <FormField
          label="VAT rate (%) *"
          hint="Prices include VAT at this rate; 0 for none."
          inputMode="decimal"
          {...form.field('vatRatePercent')}
        />
      </fieldset>
      <fieldset>
        <legend>Studio clock</legend>
        <FormField
          label="Time zone *"
          hint="The staff boards show every date and time in this zone, with its name (e.g. Europe/Warsaw)."
          list="studio-time-zones"
          autoComplete="off"
          {...form.field('timeZone')}
        />
        <datalist id="studio-time-zones">
          {timeZoneNames().map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </fieldset>
      <fieldset>
        <legend>Bank transfers</legend>
        <Field
          label="Bank details"
          hint="Shown to clients who pay by transfer, and on unpaid invoices: account holder, IBAN, BIC, bank."
          error={form.errors.bankDetails}
        >
          {(control) => <textarea rows={4} {...control} {...form.control('bankDetails')} />}
        </Field>
      </fieldset>
      <fieldset>
        <legend>Delivered files</legend>
        <label className="form__check">
          <input type="checkbox" {...form.checkbox('releaseFilesBeforePayment')} />
          <span>Release delivered files before the job is paid (otherwise only once paid)</span>
        </label>
        <label className="form__check">
          <input type="checkbox" {...form.checkbox('qcRequired')} />
          <span>
            Check every finished image before the client sees it (QC by a manager; otherwise delivered images go
            straight to the client)
          </span>
        </label>
      </fieldset>
      <fieldset>
        <legend>Approval and revisions</legend>
        <FormField
          label="Free revision rounds *"
          hint="Revision requests a client may send free for one job; more are still accepted and marked billable."
          inputMode="numeric"
          {...form.field('freeRevisionRounds')}
        />
        <FormField
          label="Auto-approval after (days) *"
          hint="A delivery the client has not approved or sent back by then is approved automatically."
          inputMode="numeric"
          {...form.field('autoApprovalDays')}
        />
      </fieldset>
      <SaveRow label="Save settings" busy={form.submitting} savedText={saved ? 'Settings saved.' : null} />
    </form>
  );
}

/** `/settings` (SUPER_ADMIN): the studio's settings (#16). Later issues add their fields here. */
export function StudioSettingsPage() {
  const settings = useStudioSettings();
  // Kept here: the form is made anew from the saved settings, and the message must outlive that.
  const [saved, setSaved] = useState(false);
  return (
    <QueryState query={settings} loading="Loading settings..." isEmpty={() => false}>
      {(data) => <SettingsForm key={data.updatedAt ?? 'defaults'} settings={data} saved={saved} onSaved={setSaved} />}
    </QueryState>
  );
}
