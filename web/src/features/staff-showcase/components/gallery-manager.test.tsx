import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GalleryItem } from '@studio/shared/gallery';
import { galleryByServiceKey } from '../../../lib/public-query-keys.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { fixtureId, makeServices } from '../../../testing/service-fixtures.ts';
import { fieldByLabel, fieldDescription } from '../../../testing/field-text.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { GalleryManager } from './gallery-manager.tsx';
import { GalleryShowcaseForm } from './gallery-showcase-form.tsx';

const services = makeServices(3).map(({ id, name }) => ({ id, name }));
const [first, second, third] = services as [(typeof services)[0], (typeof services)[0], (typeof services)[0]];
const item = (n: number, service: typeof first, displayOrder: number): GalleryItem => ({
  id: fixtureId(n, '01JD0GA11ERY1TEM000000'),
  title: `Item ${n}`,
  description: '',
  service,
  displayOrder,
  beforeImage: `/media/images/${fixtureId(n, '01JD0GA11ERY1MAGE00000')}.png`,
  afterImage: `/media/images/${fixtureId(n, '01JD0GA11ERY1MAGE00001')}.png`,
});
const items = [item(1, first, 1), item(2, first, 2), item(3, second, 1)];

const titles = () =>
  within(screen.getByRole('list', { name: 'Gallery items' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

function stubGallery(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/carousal/services': () => jsonResponse({ services }),
    'GET /api/gallary/all-items': () => jsonResponse({ items }),
    ...extra,
  });
}

describe('GalleryManager (staff-showcase)', () => {
  it("filters the whole gallery by service, with the spec's empty texts", async () => {
    stubGallery();
    renderStaffScreen(<GalleryManager />);
    await screen.findByRole('list', { name: 'Gallery items' }, { timeout: 3000 });
    expect(titles()).toEqual(['Item 1', 'Item 2', 'Item 3']);
    fireEvent.change(fieldByLabel('Filter by service'), { target: { value: second.id } });
    expect(titles()).toEqual(['Item 3']);
    fireEvent.change(fieldByLabel('Filter by service'), { target: { value: third.id } });
    expect(screen.getByText('No gallery items found for the selected service.')).toBeTruthy();
  });

  it('proposes the next display order for the chosen service, and refuses an empty one', async () => {
    const { calls } = stubGallery();
    renderStaffScreen(<GalleryManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Gallery Item' }, { timeout: 3000 }));
    fireEvent.change(fieldByLabel('Service *'), { target: { value: first.id } });
    expect(fieldByLabel('Display order *').value).toBe('3');
    fireEvent.change(fieldByLabel('Service *'), { target: { value: third.id } });
    expect(fieldByLabel('Display order *').value).toBe('1');
    fireEvent.change(fieldByLabel('Title *'), { target: { value: 'Golden retriever' } });
    fireEvent.change(fieldByLabel('Display order *'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(fieldDescription('Display order *')).toContain('Display order is required'));
    // No image was picked: the spec's sentence above the form.
    expect(screen.getByRole('alert').textContent).toBe('Both before and after images are required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits one item at a time and sends its new position as a number', async () => {
    const moved = { ...items[0]!, title: 'Item 1, groomed', displayOrder: 2 };
    const { calls } = stubGallery({
      'GET /api/gallary/all-items': [
        () => jsonResponse({ items }),
        () => jsonResponse({ items: [items[1]!, moved, items[2]!] }),
      ],
      [`PUT /api/gallary/${moved.id}`]: () =>
        jsonResponse({ item: moved, message: 'Gallery item updated successfully! Orders have been adjusted.' }),
    });
    renderStaffScreen(<GalleryManager />);
    const card = (await screen.findByRole('heading', { name: 'Item 1' }, { timeout: 3000 })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    fireEvent.change(fieldByLabel('Title *'), { target: { value: 'Item 1, groomed' } });
    fireEvent.change(fieldByLabel('Display order *'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gallery item updated successfully! Orders have been adjusted.')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      serviceId: first.id,
      title: 'Item 1, groomed',
      description: '',
      displayOrder: 2,
    });
    await waitFor(() => expect(titles()).toEqual(['Item 2', 'Item 1, groomed', 'Item 3']));
  });

  it("deletes after the spec's question and refreshes the public portfolio", async () => {
    const { calls } = stubGallery({
      'GET /api/gallary/all-items': [() => jsonResponse({ items }), () => jsonResponse({ items: items.slice(1) })],
      [`DELETE /api/gallary/${items[0]!.id}`]: () =>
        jsonResponse({ id: items[0]!.id, message: 'Gallery item deleted successfully!' }),
    });
    const { queryClient } = renderStaffScreen(<GalleryManager />);
    queryClient.setQueryData(galleryByServiceKey, []);
    const card = (await screen.findByRole('heading', { name: 'Item 1' }, { timeout: 3000 })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain('Are you sure you want to delete this gallery item?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Gallery item deleted successfully!')).toBeTruthy();
    expect(titles()).toEqual(['Item 2', 'Item 3']);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(queryClient.getQueryState(galleryByServiceKey)?.isInvalidated).toBe(true);
  });
});

describe('GalleryShowcaseForm (staff-showcase)', () => {
  it("says 'Please fill all required fields' and marks them, sending nothing", async () => {
    const { calls } = stubFetch({ 'GET /api/carousal/services': () => jsonResponse({ services }) });
    renderStaffScreen(<GalleryShowcaseForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Gallery Entry' }, { timeout: 3000 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all required fields');
    expect(fieldDescription('Service *')).toBe('Service is required');
    expect(fieldDescription('Title *')).toBe('Title is required');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});
