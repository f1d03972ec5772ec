import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorEnvelope } from '@studio/shared/errors';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { fixtureId, makeServices } from '../../../testing/service-fixtures.ts';
import { fieldByLabel, fieldDescription } from '../../../testing/field-text.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { AddSubService } from './add-sub-service.tsx';
import { AddServiceForm } from './service-form.tsx';

const services = makeServices(2);
const change = (label: string, value: string) => fireEvent.change(fieldByLabel(label), { target: { value } });

async function fillSubService() {
  fireEvent.change(await screen.findByLabelText('Service *', {}, { timeout: 3000 }), {
    target: { value: services[1]!.id },
  });
  change('Name *', 'Fur Cleanup');
  change('Description *', 'Stray hairs removed.');
}

describe('Add Subservice (staff-catalogue)', () => {
  it('refuses an empty order and empty prices instead of sending 0', async () => {
    const { calls } = stubFetch({ 'GET /api/services': () => jsonResponse({ services }) });
    renderStaffScreen(<AddSubService />);
    await fillSubService();
    change('Order *', '');
    fireEvent.click(screen.getByRole('button', { name: 'Add price' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Subservice' }));
    await waitFor(() => expect(fieldDescription('Order *')).toBe('Order is required'));
    expect(fieldDescription('Price 1')).toBe('Price 1 is required');
    expect(fieldDescription('Price 2')).toBe('Price 2 is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("sends a price row per currency, says the spec's success, and puts a refusal on its row", async () => {
    const created = {
      subService: {
        id: fixtureId(41, '01JD0SVBSERV1CE0000000'),
        serviceId: services[1]!.id,
        name: 'Fur Cleanup',
        description: 'Stray hairs removed.',
        order: 0,
        prices: [{ price: 2.5, currency: 'USD', cents: 250 }],
        beforeImage: null,
        afterImage: null,
      },
      message: 'SubService and prices created successfully',
    };
    const { calls } = stubFetch({
      'GET /api/services': () => jsonResponse({ services }),
      'POST /api/subServices/withPrices': [
        () => jsonResponse(created, 201),
        () =>
          jsonResponse(
            errorEnvelope('BAD_REQUEST', 'The request is not valid.', {
              issues: [{ path: 'body.prices.1.price', message: 'is not accepted for EUR' }],
            }),
            400,
          ),
      ],
    });
    renderStaffScreen(<AddSubService />);
    await fillSubService();
    change('Price 1', '2.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add price' }));
    expect(fieldByLabel('Currency 2').value).toBe('EUR');
    change('Price 2', '2.25');
    fireEvent.click(screen.getByRole('button', { name: 'Add Subservice' }));
    expect(await screen.findByText('SubService and prices created successfully')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      serviceId: services[1]!.id,
      name: 'Fur Cleanup',
      description: 'Stray hairs removed.',
      order: 0,
      prices: [
        { price: 2.5, currency: 'USD' },
        { price: 2.25, currency: 'EUR' },
      ],
    });
    // The form is ready for the next one: one empty row, the service kept.
    expect(fieldByLabel('Name *').value).toBe('');
    expect(screen.queryByLabelText('Price 2')).toBeNull();

    change('Name *', 'Eye Brightening');
    change('Description *', 'Eyes made to shine.');
    change('Price 1', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Add price' }));
    change('Price 2', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Add Subservice' }));
    await waitFor(() => expect(fieldDescription('Price 2')).toBe('Price 2 is not accepted for EUR'));
  });

  it('the add-service form asks for both images before sending anything', async () => {
    const { calls } = stubFetch({});
    renderStaffScreen(<AddServiceForm />);
    change('Name *', 'Pet Portraits');
    change('Description *', 'Fur and eyes made to shine.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Both before and after images are required');
    expect(calls).toHaveLength(0);
  });
});
