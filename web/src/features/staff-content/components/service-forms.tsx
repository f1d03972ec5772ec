import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { currencies, type Currency } from '@studio/shared/currency';
import type { Service, SubService } from '@studio/shared/service';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ImageUploadField, ServiceSelect, slotBusy, slotUrl, type ImageSlot } from './staff-widgets.tsx';

export function TextArea({
  label,
  value,
  onChange,
  required,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="form__field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <textarea
        id={id}
        value={value}
        required={required}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

const empty: ImageSlot = { state: 'empty' };

/** Add-service form (spec §5: name, description, before image, after image required). */
export function AddServiceForm() {
  const queryClient = useQueryClient();
  const { notice, show, dismiss } = useTimedNotice();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [before, setBefore] = useState<ImageSlot>(empty);
  const [after, setAfter] = useState<ImageSlot>(empty);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const beforeImage = slotUrl(before);
    const afterImage = slotUrl(after);
    if (!name.trim() || !description.trim() || !beforeImage || !afterImage) {
      show({ kind: 'error', text: 'Name, description, before image and after image are required.' });
      return;
    }
    setSending(true);
    try {
      const { message } = await staffApiRequest('createService', {
        body: { name, description, beforeImage, afterImage },
      });
      show({ kind: 'success', text: message });
      setName('');
      setDescription('');
      setBefore(empty);
      setAfter(empty);
      await queryClient.invalidateQueries({ queryKey: ['services'] });
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, 'Error adding service. Please try again.', { issues: 'only' }) });
    } finally {
      setSending(false);
    }
  }

  const busy = sending || slotBusy(before) || slotBusy(after);
  return (
    <form className="form sc-form staff-card" onSubmit={(event) => void submit(event)} noValidate>
      <Notice notice={notice} onDismiss={dismiss} />
      <FormField label="Name *" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      <TextArea label="Description" required maxLength={2000} value={description} onChange={setDescription} />
      <div className="form__row">
        <ImageUploadField label="Before image" required slot={before} onChange={setBefore} />
        <ImageUploadField label="After image" required slot={after} onChange={setAfter} />
      </div>
      <div className="sc-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {sending ? 'Adding...' : 'Add Service'}
        </button>
      </div>
    </form>
  );
}

/** Edit a service: name, description and order required; new images optional. */
export function EditServiceForm({ service, onDone }: { service: Service; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(service.name);
  const [description, setDescription] = useState(service.description);
  const [order, setOrder] = useState(String(service.order));
  const [before, setBefore] = useState<ImageSlot>(empty);
  const [after, setAfter] = useState<ImageSlot>(empty);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await staffApiRequest('updateService', {
        params: { id: service.id },
        body: {
          name,
          description,
          order: Number(order),
          beforeImage: slotUrl(before),
          afterImage: slotUrl(after),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['services'] });
      onDone();
    } catch (caught) {
      setError(apiErrorText(caught, 'Error updating service', { issues: 'only' }));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
      <FormField label="Name *" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <TextArea label="Description" required value={description} onChange={setDescription} />
      <FormField label="Order *" type="number" min={0} value={order} onChange={(e) => setOrder(e.target.value)} />
      <div className="form__row">
        <ImageUploadField
          label="New before image (optional)"
          slot={before}
          onChange={setBefore}
          current={service.beforeImage}
        />
        <ImageUploadField
          label="New after image (optional)"
          slot={after}
          onChange={setAfter}
          current={service.afterImage}
        />
      </div>
      <div className="sc-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={sending || slotBusy(before) || slotBusy(after)}
        >
          {sending ? 'Saving...' : 'Save changes'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface PriceRow {
  key: number;
  currency: Currency;
  price: string;
}

/**
 * A subservice form with price rows (one per currency, at least one: Remove is hidden when only
 * one row is left). Used to add (with a service choice) and to edit.
 */
export function SubServiceForm({
  services,
  existing,
  fixedServiceId,
  onDone,
}: {
  services: Service[];
  existing?: SubService;
  fixedServiceId?: string;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const { notice, show, dismiss } = useTimedNotice();
  const [serviceId, setServiceId] = useState(existing?.serviceId ?? fixedServiceId ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [order, setOrder] = useState(String(existing?.order ?? 0));
  const [rows, setRows] = useState<PriceRow[]>(
    existing && existing.prices.length > 0
      ? existing.prices.map((p, i) => ({ key: i, currency: p.currency, price: p.price.toFixed(2) }))
      : [{ key: 0, currency: 'USD', price: '' }],
  );
  const [before, setBefore] = useState<ImageSlot>(empty);
  const [after, setAfter] = useState<ImageSlot>(empty);
  const [sending, setSending] = useState(false);
  const unused = currencies.filter((c) => !rows.some((row) => row.currency === c));

  function setRow(key: number, change: Partial<PriceRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const prices = rows.map((row) => ({ currency: row.currency, price: Number(row.price) }));
    if (!serviceId || !name.trim() || !description.trim() || order === '' || rows.some((row) => row.price === '')) {
      show({ kind: 'error', text: 'Service, name, description, order and a price in every row are required.' });
      return;
    }
    setSending(true);
    try {
      const beforeImage = slotUrl(before);
      const afterImage = slotUrl(after);
      const base = { name, description, order: Number(order), prices };
      if (existing) {
        await staffApiRequest('updateSubService', {
          params: { id: existing.id },
          body: { ...base, serviceId, beforeImage, afterImage },
        });
        show({ kind: 'success', text: 'SubService updated successfully' });
      } else if (beforeImage && afterImage) {
        const { message } = await staffApiRequest('createSubServiceWithPricesAndImages', {
          body: { ...base, serviceId, beforeImage, afterImage },
        });
        show({ kind: 'success', text: message });
      } else {
        const { message } = await staffApiRequest('createSubServiceWithPrices', { body: { ...base, serviceId } });
        show({ kind: 'success', text: message });
      }
      if (!existing) {
        setName('');
        setDescription('');
        setOrder('0');
        setRows([{ key: Date.now(), currency: 'USD', price: '' }]);
        setBefore(empty);
        setAfter(empty);
      }
      await queryClient.invalidateQueries({ queryKey: ['services'] });
      onDone?.();
    } catch (error) {
      const lead = existing ? 'Error updating SubService:' : 'Error creating SubService and prices:';
      show({ kind: 'error', text: apiErrorText(error, `${lead} please try again`, { lead, issues: 'only' }) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form sc-form" onSubmit={(event) => void submit(event)} noValidate>
      <Notice notice={notice} onDismiss={dismiss} />
      {!existing && !fixedServiceId && (
        <ServiceSelect label="Service" required value={serviceId} onChange={setServiceId} services={services} />
      )}
      <FormField label="Name *" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <TextArea label="Description" required value={description} onChange={setDescription} />
      <FormField label="Order *" type="number" min={0} value={order} onChange={(e) => setOrder(e.target.value)} />
      <fieldset>
        <legend>Prices per photo *</legend>
        {rows.map((row, index) => (
          <div className="sc-price-row" key={row.key}>
            <div className="form__field">
              <label htmlFor={`currency-${row.key}`}>Currency {index + 1}</label>
              <select
                id={`currency-${row.key}`}
                value={row.currency}
                onChange={(e) => setRow(row.key, { currency: e.target.value as Currency })}
              >
                {currencies
                  .filter((c) => c === row.currency || unused.includes(c))
                  .map((c) => (
                    <option key={c}>{c}</option>
                  ))}
              </select>
            </div>
            <FormField
              label={`Price ${index + 1}`}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={row.price}
              onChange={(e) => setRow(row.key, { price: e.target.value })}
            />
            {rows.length > 1 && (
              <button
                type="button"
                className="button button--secondary sc-small"
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                Remove
              </button>
            )}
          </div>
        ))}
        {unused.length > 0 && (
          <div>
            <button
              type="button"
              className="button button--secondary sc-small"
              onClick={() => setRows((current) => [...current, { key: Date.now(), currency: unused[0]!, price: '' }])}
            >
              Add price
            </button>
          </div>
        )}
      </fieldset>
      <div className="form__row">
        <ImageUploadField
          label={existing ? 'New before image (optional)' : 'Before image (optional)'}
          slot={before}
          onChange={setBefore}
          current={existing?.beforeImage}
        />
        <ImageUploadField
          label={existing ? 'New after image (optional)' : 'After image (optional)'}
          slot={after}
          onChange={setAfter}
          current={existing?.afterImage}
        />
      </div>
      <div className="sc-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={sending || slotBusy(before) || slotBusy(after)}
        >
          {sending ? 'Saving...' : existing ? 'Save subservice' : 'Add Subservice'}
        </button>
        {onDone && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
