import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorEnvelope } from '@studio/shared/errors';
import type { Service, SubService } from '@studio/shared/service';
import { pricingKey, servicesKey } from '../../../lib/public-query-keys.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { fixtureId, makeService } from '../../../testing/service-fixtures.ts';
import { fieldDescription } from '../../../testing/field-text.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { catalogueKeys } from '../api/query-keys.ts';
import { ServiceTable } from './service-table.tsx';

const clipping: SubService = {
  id: fixtureId(40, '01JD0SVBSERV1CE0000000'),
  serviceId: fixtureId(1),
  name: 'Clipping Path',
  description: 'Cut-outs',
  order: 1,
  prices: [
    { price: 0.79, currency: 'USD', cents: 79 },
    { price: 0.73, currency: 'EUR', cents: 73 },
  ],
  beforeImage: null,
  afterImage: null,
};
const services: Service[] = [
  makeService(1, { name: 'Ecommerce', subServices: [clipping] }),
  makeService(2, { name: 'Jewelry' }),
];
const byName = (name: string) => services.find((s) => s.name === name)!;

const table = () => screen.findByRole('table', { name: 'Services' }, { timeout: 3000 });
const row = async (name: string) =>
  within(await table())
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader', { name }))!;

describe('ServiceTable (staff-catalogue)', () => {
  it('shows every service with the columns once, and sorts the whole list in the browser', async () => {
    stubFetch({ 'GET /api/services': () => jsonResponse({ services }) });
    renderStaffScreen(<ServiceTable />);
    const shown = await table();
    expect(
      within(shown)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Description', 'Order', 'Subservices', 'Actions']);
    const names = () =>
      within(shown)
        .getAllByRole('rowheader')
        .map((th) => th.querySelector('.data-table__value')?.textContent);
    expect(names()).toEqual(['Ecommerce', 'Jewelry']);
    fireEvent.click(within(shown).getByRole('button', { name: 'Name' }));
    fireEvent.click(within(shown).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Jewelry', 'Ecommerce']);
  });

  it('refuses an empty Order instead of saving 0, then saves and refreshes the public lists', async () => {
    const updated = { ...byName('Jewelry'), order: 5 };
    const { calls } = stubFetch({
      'GET /api/services': [
        () => jsonResponse({ services }),
        () => jsonResponse({ services: [byName('Ecommerce'), updated] }),
      ],
      [`PUT /api/services/${updated.id}`]: () =>
        jsonResponse({ service: updated, message: 'Service updated successfully!' }),
    });
    const { queryClient } = renderStaffScreen(<ServiceTable />);
    // A visitor's lists read earlier in the same session: the change must make them stale.
    queryClient.setQueryData(servicesKey, services);
    queryClient.setQueryData(pricingKey, []);
    fireEvent.click(within(await row('Jewelry')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Jewelry' });
    const order = within(dialog).getByLabelText('Order *');
    fireEvent.change(order, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fieldDescription('Order *')).toBe('Order is required'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(order, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Service updated successfully!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers.get('Authorization')).toBe('Bearer staff-tok');
    expect(JSON.parse(put.body!)).toEqual({ name: 'Jewelry', description: updated.description, order: 5 });
    expect(calls.filter((c) => c.url.pathname === '/api/services')).toHaveLength(2);
    expect(queryClient.getQueryState(servicesKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(pricingKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(catalogueKeys.services())?.isInvalidated).toBe(false);
  });

  it("asks before deleting with the spec's question; Cancel sends nothing; a refusal stays in the dialog", async () => {
    const jewelry = byName('Jewelry');
    const { calls } = stubFetch({
      'GET /api/services': () => jsonResponse({ services }),
      [`DELETE /api/services/${jewelry.id}`]: [
        () => jsonResponse(errorEnvelope('CONFLICT', 'This service has client jobs, so it cannot be deleted.'), 409),
      ],
    });
    renderStaffScreen(<ServiceTable />);
    const jewelryRow = await row('Jewelry');
    fireEvent.click(within(jewelryRow).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this service?' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this service?');
    // Focus starts on the harmless choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(jewelryRow).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error deleting service This service has client jobs, so it cannot be deleted.',
    );
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the subservices with prices from their cents, and deletes one after asking', async () => {
    const { calls } = stubFetch({
      'GET /api/services': [
        () => jsonResponse({ services }),
        () => jsonResponse({ services: [{ ...byName('Ecommerce'), subServices: [] }, byName('Jewelry')] }),
      ],
      [`DELETE /api/subServices/delete/${clipping.id}`]: () =>
        jsonResponse({ id: clipping.id, message: 'SubService deleted successfully' }),
    });
    renderStaffScreen(<ServiceTable />);
    fireEvent.click(within(await row('Ecommerce')).getByRole('button', { name: 'Subservices' }));
    const dialog = screen.getByRole('dialog', { name: 'Subservices of Ecommerce' });
    const subs = within(dialog).getByRole('table', { name: 'Subservices of Ecommerce' });
    expect(within(subs).getByText('$0.79 / €0.73')).toBeTruthy();
    fireEvent.click(within(subs).getByRole('button', { name: 'Delete' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete this subservice?' });
    expect(ask.textContent).toContain('Are you sure you want to delete this subservice?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(dialog).findByText('No subservices found')).toBeTruthy();
    expect(within(dialog).getByText('SubService deleted successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says a failed read with the spec text, and Try Again reads again', async () => {
    stubFetch({
      'GET /api/services': [
        () => jsonResponse(errorEnvelope('INTERNAL', 'Something went wrong'), 500),
        () => jsonResponse({ services }),
      ],
    });
    renderStaffScreen(<ServiceTable />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Error fetching services. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await row('Jewelry')).toBeTruthy();
  });
});
