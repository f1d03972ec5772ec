import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  createSubServiceBodySchema,
  updateServiceBodySchema,
  type CreateSubServiceBody,
  type UpdateServiceBody,
} from '@studio/shared/catalog-admin';
import { SelectField } from '../components/select-field.tsx';
import { Field, FieldGroup, FormAlert, FormField } from '../components/form-field.tsx';
import { hydrateAfter } from '../testing/hydrate.tsx';
import { ApiError } from './api-client.ts';
import { checkFieldsText, useSchemaForm, type SchemaSource, type SubmitOptions } from './use-schema-form.ts';

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
const save = (name = 'Save') => fireEvent.click(screen.getByRole('button', { name }));
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

/** A small order form: a radio group, a checkbox group, a file, and an upload held outside the values. */
const orderSchema = z.strictObject({
  size: z.enum(['S', 'M', 'L'], 'Choose a size.'),
  extras: z.array(z.string()).check(z.minLength(1, 'Choose at least one extra.')),
  note: z.string().check(z.trim(), z.minLength(1, 'is required')),
  attachment: z.string('Attach a file.'),
  uploadId: z.optional(z.string()),
});
type OrderBody = z.infer<typeof orderSchema>;

function OrderForm({
  schema = orderSchema,
  send,
  submit = {},
  uploading = false,
}: {
  schema?: SchemaSource<typeof orderSchema>;
  send: (body: OrderBody) => Promise<unknown>;
  submit?: SubmitOptions;
  uploading?: boolean;
}) {
  const form = useSchemaForm({
    schema,
    initialValues: { size: 'M', extras: [] as readonly string[], note: '', attachment: null as File | null },
    labels: { note: 'Note' },
    toBody: ({ attachment, ...values }) => ({
      ...values,
      attachment: attachment instanceof File ? attachment.name : undefined,
    }),
    otherFields: ['uploadId'],
    check: () => (uploading ? { uploadId: 'Wait until the upload is done.' } : {}),
  });
  return (
    <form onSubmit={form.handleSubmit(send, submit)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FieldGroup legend="Size" error={form.errors.size}>
        {['S', 'M', 'L'].map((size) => (
          <label key={size}>
            <input {...form.radio('size', size)} /> {size}
          </label>
        ))}
      </FieldGroup>
      <FieldGroup legend="Extras" error={form.errors.extras}>
        {['gift wrap', 'card'].map((extra) => (
          <label key={extra}>
            <input {...form.option('extras', extra)} /> {extra}
          </label>
        ))}
      </FieldGroup>
      <FormField label="Note" {...form.field('note')} />
      <Field label="Attachment" error={form.errors.attachment}>
        {(control) => (
          <input
            {...control}
            type="file"
            onChange={(event) => form.setValue('attachment', event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <p data-testid="upload-error">{form.errors.uploadId}</p>
      <button type="submit" disabled={form.submitting}>
        Order
      </button>
    </form>
  );
}

function attach(name: string) {
  const element = screen.getByLabelText('Attachment');
  Object.defineProperty(element, 'files', { value: [new File(['x'], name)], configurable: true });
  fireEvent.change(element);
}

const groupError = (legend: string) => {
  const group = screen.getByRole('group', { name: legend });
  return document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe("useSchemaForm: radio and checkbox groups, files, the page's own checks", () => {
  it('holds a radio group, the values ticked in a group of checkboxes and a chosen file', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    render(<OrderForm send={send} />);
    expect((screen.getByLabelText('M') as HTMLInputElement).checked).toBe(true);
    save('Order');
    await waitFor(() => expect(groupError('Extras')).toBe('Choose at least one extra.'));
    expect(errorOf('Note')).toBe('Note is required');
    expect(errorOf('Attachment')).toBe('Attach a file.');
    expect(groupError('Size')).toBeUndefined();

    fireEvent.click(screen.getByLabelText('L'));
    fireEvent.click(screen.getByLabelText('card'));
    fireEvent.click(screen.getByLabelText('gift wrap'));
    fireEvent.click(screen.getByLabelText('card'));
    change('Note', ' Happy birthday ');
    attach('photo.png');
    // Ticking takes the group's mark away, as editing a field does.
    expect(groupError('Extras')).toBeUndefined();
    save('Order');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({
      size: 'L',
      extras: ['gift wrap'],
      note: 'Happy birthday',
      attachment: 'photo.png',
    });
  });

  it("marks a field the page holds outside the values with its own check's message, with the schema's", async () => {
    const send = vi.fn();
    const { rerender } = render(<OrderForm send={send} uploading />);
    change('Note', 'x');
    save('Order');
    await waitFor(() => expect(screen.getByTestId('upload-error').textContent).toBe('Wait until the upload is done.'));
    expect(groupError('Extras')).toBe('Choose at least one extra.');
    expect(screen.getByRole('alert').textContent).toBe(checkFieldsText);
    expect(send).not.toHaveBeenCalled();

    // The server's issue on the same field lands there too.
    rerender(
      <OrderForm
        send={() =>
          Promise.reject(
            new ApiError(400, 'BAD_REQUEST', 'The request is not valid.', [
              { path: 'body.uploadId', message: 'That upload is closed.' },
            ]),
          )
        }
      />,
    );
    fireEvent.click(screen.getByLabelText('card'));
    attach('a.pdf');
    save('Order');
    await waitFor(() => expect(screen.getByTestId('upload-error').textContent).toBe('That upload is closed.'));
  });
});

describe('useSchemaForm: where a failure is said', () => {
  const refusal = () =>
    new ApiError(400, 'BAD_REQUEST', 'The request is not valid.', [{ path: 'body.note', message: 'is too rude' }]);

  async function fillAndOrder() {
    fireEvent.click(screen.getByLabelText('card'));
    change('Note', 'hello');
    attach('a.pdf');
    save('Order');
  }

  it("says the failure text for a refusal of fields with refusedFields: 'failure'", async () => {
    render(
      <OrderForm
        send={() => Promise.reject(refusal())}
        submit={{ failureText: 'Ordering failed.', errorOptions: { lead: true }, refusedFields: 'failure' }}
      />,
    );
    await fillAndOrder();
    await waitFor(() => expect(errorOf('Note')).toBe('Note is too rude'));
    expect(screen.getByRole('alert').textContent).toBe('Ordering failed. The request is not valid.');
  });

  it('hands every form-level text to showFailure, and marks the fields all the same', async () => {
    const shown: string[] = [];
    render(<OrderForm send={() => Promise.reject(refusal())} submit={{ showFailure: (text) => shown.push(text) }} />);
    save('Order');
    await waitFor(() => expect(shown).toEqual([checkFieldsText]));
    await fillAndOrder();
    await waitFor(() => expect(shown).toEqual([checkFieldsText, checkFieldsText]));
    expect(errorOf('Note')).toBe('Note is too rude');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useSchemaForm: a schema given as a loader', () => {
  it('loads it with the first submit, once, and checks with it', async () => {
    const load = vi.fn(() => Promise.resolve(orderSchema));
    const send = vi.fn().mockResolvedValue(undefined);
    render(<OrderForm schema={load} send={send} />);
    expect(load).not.toHaveBeenCalled();
    save('Order');
    await waitFor(() => expect(errorOf('Note')).toBe('Note is required'));
    await fillAndOrderWith('b.pdf');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says a schema that cannot be fetched as a lost connection, and sends nothing', async () => {
    const send = vi.fn();
    render(
      <OrderForm
        schema={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))}
        send={send}
        submit={{ failureText: 'Ordering failed.', errorOptions: { offline: 'No connection.' } }}
      />,
    );
    save('Order');
    expect((await screen.findByRole('alert')).textContent).toBe('No connection.');
    expect(send).not.toHaveBeenCalled();
    // The button is offered again.
    expect((screen.getByRole('button', { name: 'Order' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

async function fillAndOrderWith(file: string) {
  fireEvent.click(screen.getByLabelText('card'));
  change('Note', 'hello');
  attach(file);
  save('Order');
}

/** A form in a published page: its HTML is there, and typed into, before the app hydrates it. */
function PublishedForm({ keep }: { keep: boolean }) {
  const form = useSchemaForm({
    schema: orderSchema,
    initialValues: { size: 'M', note: '', gift: false },
    keepTypedBeforeLoad: keep,
  });
  return (
    <form ref={form.ref}>
      {['S', 'M', 'L'].map((size) => (
        <input key={size} aria-label={size} {...form.radio('size', size)} />
      ))}
      <input aria-label="Note" {...form.control('note')} />
      <input type="checkbox" aria-label="Gift" {...form.checkbox('gift')} />
      <output>{`${form.values.size} ${form.values.note} ${form.values.gift}`}</output>
    </form>
  );
}

describe('useSchemaForm: keepTypedBeforeLoad', () => {
  function typeThenHydrate(keep: boolean) {
    const page = hydrateAfter(<PublishedForm keep={keep} />, (html) => {
      const field = (label: string) => html.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
      field('L').checked = true;
      field('Note').value = 'Typed early';
      field('Gift').checked = true;
    });
    return page.querySelector('output')!.textContent;
  }

  it('takes what was typed before the app loaded into the values, the radio group by its checked button', () => {
    expect(typeThenHydrate(true)).toBe('L Typed early true');
  });

  it('leaves the values as they were without it', () => {
    expect(typeThenHydrate(false)).toBe('M  false');
  });
});
