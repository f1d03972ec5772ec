import { useState } from 'react';
import { updateOrganisationBodySchema, type MyOrganisation } from '@studio/shared/organisation';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { SaveRow } from '../../../components/saved-status.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import { countryName, countryOptions } from './countries.ts';
import '../../../components/form.css';

/** The name and billing details: a form for an OWNER, read-only for the other roles. */
export function OrganisationDetails({ organisation }: { organisation: MyOrganisation }) {
  if (organisation.role !== 'OWNER') {
    const { billing } = organisation;
    return (
      <dl className="organisation__facts">
        <dt>Name</dt>
        <dd>{organisation.name}</dd>
        <dt>Legal name</dt>
        <dd>{billing.legalName || 'Not given'}</dd>
        <dt>Address</dt>
        <dd className="organisation__address">{billing.addressLines || 'Not given'}</dd>
        <dt>Country</dt>
        <dd>{billing.country ? countryName(billing.country) : 'Not given'}</dd>
        <dt>VAT number</dt>
        <dd>{billing.vatNumber || 'None'}</dd>
      </dl>
    );
  }
  // A new form for each organisation (and after each save the saved values are its start).
  return <DetailsForm key={`${organisation.id}-${organisation.updatedAt}`} organisation={organisation} />;
}

function DetailsForm({ organisation }: { organisation: MyOrganisation }) {
  const save = useUpdateOrganisation();
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    schema: updateOrganisationBodySchema,
    initialValues: {
      name: organisation.name,
      legalName: organisation.billing.legalName,
      addressLines: organisation.billing.addressLines,
      country: organisation.billing.country,
      vatNumber: organisation.billing.vatNumber,
    },
    labels: {
      name: 'Name',
      legalName: 'Legal name',
      addressLines: 'Address',
      country: 'Country',
      vatNumber: 'VAT number',
    },
    toBody: (values) => ({
      name: values.name,
      billing: {
        legalName: values.legalName,
        addressLines: values.addressLines,
        country: values.country,
        vatNumber: values.vatNumber,
      },
    }),
    fieldOf: (path) => (path.startsWith('billing.') ? path.split('.')[1] : undefined),
  });
  return (
    <form
      className="form organisation__form"
      noValidate
      onChange={() => setSaved(false)}
      onSubmit={form.handleSubmit(
        async (body) => {
          setSaved(false);
          await save.mutateAsync({ id: organisation.id, body });
          setSaved(true);
        },
        { failureText: 'The organisation could not be saved' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="Name *" autoComplete="organization" {...form.field('name')} />
      <fieldset>
        <legend>Billing details (on invoices)</legend>
        <FormField label="Legal name" autoComplete="organization" {...form.field('legalName')} />
        <Field label="Address" error={form.errors.addressLines}>
          {(control) => (
            <textarea rows={3} autoComplete="street-address" {...control} {...form.control('addressLines')} />
          )}
        </Field>
        <Field label="Country" error={form.errors.country}>
          {(control) => (
            <select {...control} {...form.control('country')}>
              <option value="">Not given</option>
              {countryOptions().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormField
          label="VAT number"
          hint="With its country prefix, e.g. DE123456789; leave empty if you have none."
          autoComplete="off"
          {...form.field('vatNumber')}
        />
      </fieldset>
      <SaveRow label="Save organisation" busy={form.submitting} savedText={saved ? 'Organisation saved.' : null} />
    </form>
  );
}
