import { errorEnvelope } from '@studio/shared/errors';
import type { Job } from '@studio/shared/job';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId, makeSubService } from '../../../testing/service-fixtures.ts';
import { QuoteForm } from './quote-form.tsx';
import { jobFixture, pricedAt } from '../../../testing/job-fixtures.ts';
import { organisationFixture, personalOrganisation } from '../../../testing/organisation-fixtures.ts';

const serviceId = fixtureId(1);

const subServices = [
  makeSubService(1, [
    { price: 0.29, currency: 'USD', cents: 29 },
    { price: 0.27, currency: 'EUR', cents: 27 },
  ]),
  makeSubService(2, [{ price: 1.5, currency: 'USD', cents: 150 }]),
];

function job(overrides: Partial<Job> = {}): Job {
  return jobFixture({
    id: fixtureId(7, '01JD0J0B00000000000000'),
    clientId: 'u-1',
    serviceId,
    serviceName: 'Service 1',
    selectedSubServices: [subServices[0]!.id],
    subServices: [{ id: subServices[0]!.id, name: 'Sub 1', unitPriceCents: 27, unitPrice: 0.27 }],
    currency: 'EUR',
    dropboxLink: 'https://dropbox.example/f',
    ...pricedAt(81),
    ...overrides,
  });
}

const output = (name: string) => document.querySelector(`output[name="${name}"]`)?.textContent;
const total = () => output('total');

function renderForm(onCreated = vi.fn()) {
  renderWithProviders(<QuoteForm serviceId={serviceId} subServices={subServices} onCreated={onCreated} />);
  return onCreated;
}

function fillOwnQuote() {
  fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Sub 1/ }));
  fireEvent.change(screen.getByLabelText('Number of photos'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Cloud storage link'), { target: { value: 'https://dropbox.example/f' } });
}

describe('QuoteForm', () => {
  it('prices subservices in the chosen currency and keeps a live total in cents', () => {
    renderForm();
    expect(screen.getByRole('checkbox', { name: /Sub 1 \$0\.29 per photo/ })).toBeTruthy();
    expect(total()).toBe('$0.00');

    fireEvent.click(screen.getByRole('checkbox', { name: /Sub 1/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Sub 2/ }));
    fireEvent.change(screen.getByLabelText('Number of photos'), { target: { value: '3' } });
    expect(total()).toBe('$5.37');

    // Sub 2 has no EUR price: it cannot be chosen in EUR and drops out of the total.
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    const sub2 = screen.getByRole('checkbox', { name: /Sub 2 not available in EUR/ }) as HTMLInputElement;
    expect(sub2.disabled).toBe(true);
    expect(total()).toBe('€0.81');
  });

  it('forces photo counts below 1 to 1', () => {
    renderForm();
    const photos = screen.getByLabelText('Number of photos') as HTMLInputElement;
    fireEvent.change(photos, { target: { value: '0' } });
    expect(photos.value).toBe('1');
    fireEvent.change(photos, { target: { value: '-4' } });
    expect(photos.value).toBe('1');
    fireEvent.change(photos, { target: { value: '' } });
    fireEvent.blur(photos);
    expect(photos.value).toBe('1');
  });

  it('says so when the service has no subservices', () => {
    renderWithProviders(<QuoteForm serviceId={serviceId} subServices={[]} onCreated={vi.fn()} />);
    expect(screen.getByText('No subservices available for this service.')).toBeTruthy();
  });

  it('checks the form before sending: a subservice and the cloud link are required', () => {
    const { calls } = stubFetch({});
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(screen.getByText('Choose at least one subservice.')).toBeTruthy();
    expect(screen.getByText('Enter the full link to your photos, starting with https://')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('creates the job once, with an idempotency key, however often Create Job is clicked', async () => {
    let release: () => void = () => undefined;
    const { calls } = stubFetch({
      'POST /api/jobs': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ job: job() }, 201));
        }),
    });
    const onCreated = renderForm();
    fillOwnQuote();
    const button = screen.getByRole('button', { name: 'Create Job' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((screen.getByRole('button', { name: 'Creating...' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(job()));

    const [request] = calls;
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      serviceId,
      selectedSubServices: [subServices[0]!.id],
      currency: 'EUR',
      linkType: 'own',
      numberOfPhotos: 3,
      dropboxLink: 'https://dropbox.example/f',
    });
  });

  it('retries a failed submission with the same key, and shows the spec texts and field issues', async () => {
    const { calls } = stubFetch({
      'POST /api/jobs': [
        () => Promise.reject(new TypeError('Failed to fetch')),
        () =>
          jsonResponse(
            errorEnvelope('BAD_REQUEST', 'The request is not valid.', {
              issues: [{ path: 'body.dropboxLink', message: 'That link is not allowed.' }],
            }),
            400,
          ),
        () => jsonResponse(errorEnvelope('CONFLICT', 'Already used.'), 409),
      ],
    });
    renderForm();
    fillOwnQuote();
    const button = screen.getByRole('button', { name: 'Create Job' });

    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No response received from the server. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByText('That link is not allowed.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Error: 400 - The request is not valid.');
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe(calls[1]?.headers.get('Idempotency-Key'));

    // A changed quote is a new submission: a new key.
    fireEvent.change(screen.getByLabelText('Number of photos'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error: 409 - Already used.'));
    expect(calls[2]?.headers.get('Idempotency-Key')).not.toBe(calls[1]?.headers.get('Idempotency-Key'));
  });

  it('offers the turnarounds as a radio group and shows the tier, discount, surcharge and total live (#17)', async () => {
    const { calls } = stubFetch({ 'POST /api/jobs': () => jsonResponse({ job: job() }, 201) });
    renderWithProviders(
      <QuoteForm
        serviceId={serviceId}
        subServices={subServices}
        turnarounds={[
          { id: 'standard', name: 'Standard', hours: 48, multiplier: 1 },
          { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 },
        ]}
        volumeTiers={[
          { minPhotos: 1, discountPercent: 0 },
          { minPhotos: 100, discountPercent: 10 },
          { minPhotos: 1000, discountPercent: 20 },
        ]}
        onCreated={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: 'Turnaround' });
    expect(
      (screen.getByRole('radio', { name: /Standard delivered within 48 h, no surcharge/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: /Sub 1/ }));
    fireEvent.change(screen.getByLabelText('Number of photos'), { target: { value: '99' } });
    expect(total()).toBe('$28.71');
    expect(output('discount')).toBe('-$0.00');
    expect(screen.getByText('Order 100 photos or more for 10 % off.')).toBeTruthy();

    // 150 photos at $0.29: $43.50, 10 % off ($4.35), Express +50 % of $39.15 ($19.58): $58.73.
    fireEvent.change(screen.getByLabelText('Number of photos'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
    expect(output('subtotal')).toBe('$43.50');
    expect(output('discount')).toBe('-$4.35');
    expect(output('surcharge')).toBe('+$19.58');
    expect(total()).toBe('$58.73');
    expect(screen.getByText('Volume discount (10 % from 100 photos)')).toBeTruthy();
    expect(screen.getByText('Express turnaround (+50 %)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Cloud storage link'), { target: { value: 'https://dropbox.example/f' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ numberOfPhotos: 150, turnaroundId: 'express' });
  });

  /** The form with "Order for" as given; `ordered` sends a quote by the client's own link and answers its body. */
  function renderOrderFor(orderFor: NonNullable<Parameters<typeof QuoteForm>[0]['orderFor']>) {
    const { calls } = stubFetch({ 'POST /api/jobs': () => jsonResponse({ job: job() }, 201) });
    const onCreated = vi.fn();
    renderWithProviders(
      <QuoteForm serviceId={serviceId} subServices={subServices} orderFor={orderFor} onCreated={onCreated} />,
    );
    return async function ordered() {
      fillOwnQuote();
      fireEvent.click(screen.getByRole('button', { name: 'Create Job' }));
      await waitFor(() => expect(onCreated).toHaveBeenCalled());
      return JSON.parse(calls[0]?.body ?? '{}') as Record<string, unknown>;
    };
  }

  it('orders for the organisation chosen in "Order for", starting with the one given (#35)', async () => {
    const team = organisationFixture(2, { name: 'Acme Brands', role: 'BUYER' });
    const ordered = renderOrderFor({ organisations: [personalOrganisation, team], initial: team.id });
    const select = screen.getByLabelText('Order for') as HTMLSelectElement;
    expect(select.value).toBe(team.id);
    expect([...select.options].map((option) => option.text)).toEqual(['Chris Client', 'Acme Brands']);
    fireEvent.change(select, { target: { value: personalOrganisation.id } });
    expect(await ordered()).toMatchObject({ organisationId: personalOrganisation.id });
  });

  it('shows no "Order for" when the client may order for one organisation only', async () => {
    const ordered = renderOrderFor({ organisations: [personalOrganisation], initial: personalOrganisation.id });
    expect(screen.queryByLabelText('Order for')).toBeNull();
    expect(await ordered()).toMatchObject({ organisationId: personalOrganisation.id });
  });
});
