import { useState } from 'react';
import * as z from 'zod/mini';
import {
  catalogImagePathSchema,
  createSubServiceBodySchema,
  orderSchema,
  updateSubServiceBodySchema,
} from '@studio/shared/catalog-admin';
import { currencies, type Currency } from '@studio/shared/currency';
import { amountFromCents } from '@studio/shared/money';
import type { Service, SubService } from '@studio/shared/service';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { ImagePairFields, useImagePair } from '../../../components/image-upload-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useSchemaForm, type TypedValues } from '../../../lib/use-schema-form.ts';
import { useCreateSubService } from '../api/create-sub-service.ts';
import { useUpdateSubService } from '../api/update-sub-service.ts';
import '../../../components/staff-ui.css';
import './staff-catalogue.css';

/*
 * A price row per currency, at least one (spec §5). The rows are form fields `price0`/`currency0`
 * to `price2`/`currency2` (one slot per currency the catalogue prices in); `rows` says which slots
 * are shown, in order, and the body's `prices` list is built from them.
 */
type Slot = 0 | 1 | 2;
const slots: readonly Slot[] = [0, 1, 2];

type SubServiceValues = {
  serviceId: string;
  name: string;
  description: string;
  order: string;
  price0: string;
  price1: string;
  price2: string;
  currency0: string;
  currency1: string;
  currency2: string;
};

const optionalImage = z.optional(catalogImagePathSchema);
/**
 * `POST api/subServices/withPrices(AndImages)` as the form fills it: the order must be typed
 * (spec §5; the route would take an empty one as 0), images both or neither.
 */
const newSubServiceSchema = z
  .extend(createSubServiceBodySchema, { order: orderSchema, beforeImage: optionalImage, afterImage: optionalImage })
  .check(
    z.refine((body) => !body.beforeImage === !body.afterImage, 'Add both a before and an after image, or neither.'),
  );

function initialValues(existing: SubService | undefined, serviceId: string): SubServiceValues {
  const values: SubServiceValues = {
    serviceId,
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    order: String(existing?.order ?? 0),
    price0: '',
    price1: '',
    price2: '',
    currency0: 'USD',
    currency1: 'EUR',
    currency2: 'GBP',
  };
  existing?.prices.slice(0, slots.length).forEach((price, index) => {
    values[`price${index as Slot}`] = amountFromCents(price.cents).toFixed(2);
    values[`currency${index as Slot}`] = price.currency;
  });
  return values;
}

/**
 * A subservice form with price rows (at least one: Remove is hidden when only one row is left).
 * Adds (choosing the service unless `fixedServiceId` names it) or edits `existing`.
 */
export function SubServiceForm({
  services,
  existing,
  fixedServiceId,
  onSaved,
  onCancel,
}: {
  services: readonly Service[];
  existing?: SubService;
  fixedServiceId?: string;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const firstRows = (): Slot[] => (existing ? slots.slice(0, Math.max(1, existing.prices.length)) : [0]);
  const [rows, setRows] = useState<Slot[]>(firstRows);
  const images = useImagePair();
  const create = useCreateSubService();
  const update = useUpdateSubService();
  const labels: Partial<Record<keyof SubServiceValues, string>> = {
    serviceId: 'Service',
    name: 'Name',
    description: 'Description',
    order: 'Order',
  };
  rows.forEach((slot, index) => {
    labels[`price${slot}`] = `Price ${index + 1}`;
    labels[`currency${slot}`] = `Currency ${index + 1}`;
  });
  const form = useSchemaForm({
    schema: existing ? updateSubServiceBodySchema : newSubServiceSchema,
    initialValues: initialValues(existing, existing?.serviceId ?? fixedServiceId ?? ''),
    numbers: ['order', 'price0', 'price1', 'price2'],
    selects: ['serviceId'],
    labels,
    toBody: ({ serviceId, name, description, order, ...values }: TypedValues<SubServiceValues>) => ({
      serviceId,
      name,
      description,
      order,
      prices: rows.map((slot) => ({ price: values[`price${slot}`], currency: values[`currency${slot}`] })),
      ...images.paths(),
    }),
    // `prices.1.price` is the field of the second row shown.
    fieldOf: (path) => {
      const [list, index, key] = path.split('.');
      const slot = rows[Number(index)];
      return list === 'prices' && slot !== undefined && (key === 'price' || key === 'currency')
        ? `${key}${slot}`
        : undefined;
    },
  });

  const used = rows.map((slot) => form.values[`currency${slot}`]);
  const unused = currencies.filter((currency) => !used.includes(currency));
  function addRow() {
    const slot = slots.find((s) => !rows.includes(s));
    if (slot === undefined || !unused[0]) return;
    form.setValue(`currency${slot}`, unused[0]);
    form.setValue(`price${slot}`, '');
    setRows([...rows, slot]);
  }

  const lead = existing ? 'Error updating SubService:' : 'Error creating SubService and prices:';
  const submit = form.handleSubmit(
    async (body) => {
      if (existing) {
        onSaved((await update.mutateAsync({ id: existing.id, body })).message);
        return;
      }
      const { message } = await create.mutateAsync(body as z.output<typeof newSubServiceSchema>);
      form.reset(initialValues(undefined, form.values.serviceId));
      setRows(firstRows());
      images.reset();
      onSaved(message);
    },
    { failureText: `${lead} please try again`, errorOptions: { lead } },
  );

  return (
    <form className="form staff-form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      {!existing && !fixedServiceId && (
        <SelectField
          label="Service *"
          placeholder="Choose a service..."
          options={services.map((service) => ({ value: service.id, label: service.name }))}
          error={form.errors.serviceId}
          {...form.control('serviceId')}
        />
      )}
      <FormField label="Name *" maxLength={100} {...form.field('name')} />
      <Field label="Description *" error={form.errors.description}>
        {(control) => <textarea {...control} maxLength={2000} {...form.control('description')} />}
      </Field>
      <FormField label="Order *" type="number" min={0} step={1} inputMode="numeric" {...form.field('order')} />
      <fieldset className="staff-prices">
        <legend>Prices per photo *</legend>
        {rows.map((slot, index) => (
          <div className="staff-price-row" key={slot}>
            <Field label={`Currency ${index + 1}`} error={form.errors[`currency${slot}`]}>
              {(control) => (
                <select {...control} {...form.control(`currency${slot}`)}>
                  {currencies
                    .filter((currency) => currency === form.values[`currency${slot}`] || unused.includes(currency))
                    .map((currency: Currency) => (
                      <option key={currency}>{currency}</option>
                    ))}
                </select>
              )}
            </Field>
            <FormField
              label={`Price ${index + 1}`}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              {...form.field(`price${slot}`)}
            />
            {rows.length > 1 && (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Remove row ${index + 1}`}
                onClick={() => setRows(rows.filter((s) => s !== slot))}
              >
                Remove
              </button>
            )}
          </div>
        ))}
        {unused.length > 0 && (
          <div>
            <button type="button" className="button button--secondary button--small" onClick={addRow}>
              Add price
            </button>
          </div>
        )}
      </fieldset>
      <ImagePairFields images={images} kind={existing ? 'replace' : 'optional'} current={existing} />
      <FormActions
        label={existing ? 'Save subservice' : 'Add Subservice'}
        submitting={form.submitting}
        disabled={images.busy}
        onCancel={onCancel}
      />
    </form>
  );
}
