import { studioSettingsFieldsSchema, type StudioSettings } from '@studio/shared/studio-settings';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useStudioSettings } from '../api/get-settings.ts';
import { useUpdateStudioSettings } from '../api/update-settings.ts';
import '../../../components/form.css';

function SettingsForm({ settings }: { settings: StudioSettings }) {
  const save = useUpdateStudioSettings();
  const { notice, show, dismiss } = useTimedNotice();
  const form = useSchemaForm({
    schema: studioSettingsFieldsSchema,
    initialValues: {
      legalName: settings.legalName,
      address: settings.address,
      taxId: settings.taxId,
      bankDetails: settings.bankDetails,
      vatRatePercent: String(settings.vatRatePercent),
      releaseFilesBeforePayment: settings.releaseFilesBeforePayment,
    },
    numbers: ['vatRatePercent'],
    labels: {
      legalName: 'Legal name',
      address: 'Address',
      taxId: 'Tax id',
      bankDetails: 'Bank details',
      vatRatePercent: 'VAT rate',
    },
  });
  return (
    <form
      className="form staff-settings"
      noValidate
      onSubmit={form.handleSubmit(
        async (body) => {
          await save.mutateAsync(body);
          show({ kind: 'success', text: 'Settings saved.' });
        },
        { failureText: 'Failed to save the settings' },
      )}
    >
      <Notice notice={notice} onDismiss={dismiss} />
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <fieldset>
        <legend>On invoices and receipts</legend>
        <FormField label="Legal name *" autoComplete="organization" {...form.field('legalName')} />
        <Field label="Address" error={form.errors.address}>
          {(control) => <textarea rows={3} {...control} {...form.control('address')} />}
        </Field>
        <FormField label="Tax id (VAT number)" {...form.field('taxId')} />
        <FormField
          label="VAT rate (%) *"
          hint="Prices include VAT at this rate; 0 for none."
          inputMode="decimal"
          {...form.field('vatRatePercent')}
        />
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
      </fieldset>
      <button type="submit" className="button button--primary" disabled={form.submitting}>
        {form.submitting ? 'Saving...' : 'Save settings'}
      </button>
    </form>
  );
}

/** `/settings` (SUPER_ADMIN): the studio's settings (#16). Later issues add their fields here. */
export function StudioSettingsPage() {
  const settings = useStudioSettings();
  return (
    <QueryState query={settings} loading="Loading settings..." isEmpty={() => false}>
      {(data) => <SettingsForm key={data.updatedAt ?? 'defaults'} settings={data} />}
    </QueryState>
  );
}
