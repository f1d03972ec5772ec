import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createSubServiceBodySchema,
  updateServiceBodySchema,
  type CreateSubServiceBody,
  type UpdateServiceBody,
} from '@studio/shared/catalog-admin';
import { SelectField } from '../components/select-field.tsx';
import { Field, FormAlert, FormField } from '../components/form-field.tsx';
import { ApiError } from './api-client.ts';
import { checkFieldsText, useSchemaForm } from './use-schema-form.ts';

/** The edit-service form's fields over the real `PUT api/services/{id}` body schema. */
function ServiceForm({ send }: { send: (body: UpdateServiceBody) => Promise<unknown> }) {
  const form = useSchemaForm({
    schema: updateServiceBodySchema,
    initialValues: { name: 'Clipping', description: 'Cut-outs', order: '1', active: true },
    numbers: ['order'],
    labels: { name: 'Name', description: 'Description', order: 'Order' },
    toBody: ({ active: _active, ...body }) => body,
  });
  return (
    <form onSubmit={form.handleSubmit(send, { failureText: 'Error updating service' })} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="Name" {...form.field('name')} />
      <Field label="Description" error={form.errors.description}>
        {(control) => <textarea {...control} {...form.control('description')} />}
      </Field>
      <FormField label="Order" inputMode="numeric" {...form.field('order')} />
      <label>
        <input type="checkbox" {...form.checkbox('active')} /> Active
      </label>
      <button type="submit" disabled={form.submitting}>
        Save
      </button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const errorOf = (label: string) => {
  const ids = input(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || undefined;
};

describe('useSchemaForm', () => {
  it("checks with the route's schema before sending: messages under their fields, focus on the first", async () => {
    const send = vi.fn();
    render(<ServiceForm send={send} />);
    change('Name', '   ');
    change('Description', '');
    save();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(checkFieldsText);
    expect(errorOf('Name')).toBe('Name is required');
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Description')).toBe('Description is required');
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(input('Name')));
    // Editing a field takes its mark away.
    change('Name', 'Clipping path');
    expect(errorOf('Name')).toBeUndefined();
    expect(input('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('refuses an empty required number instead of sending 0, and sends a typed one as a number', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    render(<ServiceForm send={send} />);
    change('Order', '');
    save();
    await waitFor(() => expect(errorOf('Order')).toBe('Order is required'));
    change('Order', 'abc');
    save();
    await waitFor(() => expect(errorOf('Order')).toBe('Order must be a whole number'));
    change('Order', '-2');
    save();
    await waitFor(() => expect(errorOf('Order')).toBe('Order must be at least 0'));
    expect(send).not.toHaveBeenCalled();

    change('Order', ' 7 ');
    fireEvent.click(screen.getByLabelText('Active'));
    save();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // The schema's output: trimmed text, the number, no form-only field.
    expect(send).toHaveBeenCalledWith({ name: 'Clipping', description: 'Cut-outs', order: 7 });
    expect(input('Active').checked).toBe(false);
  });

  it("puts a refusal's field issues on their fields, and issues naming no field above the form", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'BAD_REQUEST', 'The request is not valid.', [
          { path: 'body.name', message: 'is already used by another service' },
          { path: 'body.order', message: 'must be a whole number' },
        ]),
      )
      .mockRejectedValueOnce(
        new ApiError(400, 'BAD_REQUEST', 'The request is not valid.', [
          { path: 'body.name', message: 'is too long' },
          { path: 'body.beforeImage', message: 'must be an image uploaded through the console' },
        ]),
      );
    render(<ServiceForm send={send} />);
    save();
    await waitFor(() => expect(errorOf('Name')).toBe('Name is already used by another service'));
    expect(errorOf('Order')).toBe('Order must be a whole number');
    expect(screen.getByRole('alert').textContent).toBe(checkFieldsText);

    save();
    await waitFor(() => expect(errorOf('Name')).toBe('Name is too long'));
    expect(errorOf('Order')).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe(
      'The request is not valid. (beforeImage: must be an image uploaded through the console)',
    );
  });

  it("says other failures with apiErrorText: the server's words, else the page's text", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'Someone else changed this service; reload it.'))
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'Network error occurred'));
    render(<ServiceForm send={send} />);
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Someone else changed this service; reload it.');
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error updating service'));
  });

  it('sends once while a send is on its way, and says so with `submitting`', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ServiceForm send={send} />);
    save();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    expect(send).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('puts the issues of a list built by toBody on the fields it came from, with their labels', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'BAD_REQUEST', 'The request is not valid.', [
          { path: 'body.prices.1.price', message: 'must be at most 999999.99' },
        ]),
      );
    render(<PricesForm send={send} />);
    change('Price 1', '2.50');
    save();
    // The second row's empty price is missing, not 0; the first row's is fine.
    await waitFor(() => expect(errorOf('Price 2')).toBe('Price 2 is required'));
    expect(errorOf('Price 1')).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe('Fill in every price.');
    expect(send).not.toHaveBeenCalled();

    change('Price 2', '2.25');
    save();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toMatchObject({
      prices: [
        { price: 2.5, currency: 'USD' },
        { price: 2.25, currency: 'EUR' },
      ],
    });
    // The server's issue on `prices.1.price` lands on the second row's field.
    await waitFor(() => expect(errorOf('Price 2')).toBe('Price 2 must be at most 999999.99'));
  });

  it('says a select with nothing chosen is required, rather than an invalid value', async () => {
    const send = vi.fn();
    render(<PricesForm send={send} />);
    change('Price 1', '1');
    change('Price 2', '1');
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: '' } });
    save();
    await waitFor(() => expect(errorOf('Service')).toBe('Service is required'));
    expect(send).not.toHaveBeenCalled();
  });
});

/** Two price rows kept as the fields `price0`, `price1`, sent as the body's `prices` list. */
function PricesForm({ send }: { send: (body: CreateSubServiceBody) => Promise<unknown> }) {
  const form = useSchemaForm({
    schema: createSubServiceBodySchema,
    initialValues: { serviceId: '01JD0SERV1CE00000000000001', price0: '', price1: '' },
    numbers: ['price0', 'price1'],
    selects: ['serviceId'],
    labels: { serviceId: 'Service', price0: 'Price 1', price1: 'Price 2' },
    invalidText: 'Fill in every price.',
    toBody: ({ serviceId, price0, price1 }) => ({
      serviceId,
      name: 'Clipping',
      description: 'Cut-outs',
      order: 1,
      prices: [
        { price: price0, currency: 'USD' },
        { price: price1, currency: 'EUR' },
      ],
    }),
    fieldOf: (path) => (/^prices\.[01]\.price$/.test(path) ? `price${path.split('.')[1]}` : undefined),
  });
  return (
    <form onSubmit={form.handleSubmit(send)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <SelectField
        label="Service"
        placeholder="Choose a service..."
        options={[{ value: '01JD0SERV1CE00000000000001', label: 'Clipping' }]}
        error={form.errors.serviceId}
        {...form.control('serviceId')}
      />
      <FormField label="Price 1" {...form.field('price0')} />
      <FormField label="Price 2" {...form.field('price1')} />
      <button type="submit">Save</button>
    </form>
  );
}
