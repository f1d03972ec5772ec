import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { fixtureId, makeServices } from '../../../testing/service-fixtures.ts';
import { moveItem } from '../../../lib/move-item.ts';
import { ServiceImagesManager } from './service-images-manager.tsx';
import { megabytes } from './service-images-upload.tsx';

const services = makeServices(1).map(({ id, name }) => ({ id, name }));
const serviceId = services[0]!.id;
const images = ['a.png', 'b.png', 'c.png'].map((imageName, i) => ({
  id: fixtureId(50 + i),
  imageUrl: `/media/images/${imageName}`,
  imageName,
  order: i + 1,
}));

const renderManager = () => renderStaffScreen(<ServiceImagesManager />);

describe('service images manager helpers', () => {
  it('shows sizes in MB with two decimals and moves an id to a new position', () => {
    expect(megabytes(1_536_000)).toBe('1.46 MB');
    expect(megabytes(1000)).toBe('0.00 MB');
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});

describe('ServiceImagesManager', () => {
  it("asks for a service, then a file; shows the service's images with 'Order: n'", async () => {
    stubFetch({
      'GET /api/carousal/services': () => jsonResponse({ services }),
      [`GET /api/carousal/service/${serviceId}?limit=100`]: () =>
        jsonResponse({ images, hasMore: false, total: images.length }),
    });
    renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Upload 0 Images' }));
    expect(await screen.findByText('Please select a service')).toBeTruthy();
    await screen.findByRole('option', { name: services[0]!.name });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: serviceId } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload 0 Images' }));
    expect(await screen.findByText('Please select at least one image')).toBeTruthy();
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/^Order: /).textContent)).toEqual([
      'Order: 1',
      'Order: 2',
      'Order: 3',
    ]);
    expect(screen.getByRole('button', { name: 'Move a.png earlier' }).hasAttribute('disabled')).toBe(true);
  });

  it('reorders with the keyboard buttons (orders from 1) and reads the list again', async () => {
    const { calls } = stubFetch({
      'GET /api/carousal/services': () => jsonResponse({ services }),
      [`GET /api/carousal/service/${serviceId}?limit=100`]: [
        () => jsonResponse({ images, hasMore: false, total: 3 }),
        () => jsonResponse({ images, hasMore: false, total: 3 }),
      ],
      'PUT /api/carousal/reorder': () => jsonResponse({ images, message: 'Images reordered successfully!' }),
    });
    renderManager();
    await screen.findByRole('option', { name: services[0]!.name });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: serviceId } });
    fireEvent.click(await screen.findByRole('button', { name: 'Move c.png earlier' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname.startsWith('/api/carousal/service/'))).toHaveLength(2),
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers.get('authorization')).toBe('Bearer staff-tok');
    expect(JSON.parse(put.body!)).toEqual({
      serviceId,
      imageOrders: [
        { id: images[0]!.id, order: 1 },
        { id: images[2]!.id, order: 2 },
        { id: images[1]!.id, order: 3 },
      ],
    });
  });

  it('shows the empty text for a service without images', async () => {
    stubFetch({
      'GET /api/carousal/services': () => jsonResponse({ services }),
      [`GET /api/carousal/service/${serviceId}?limit=100`]: () =>
        jsonResponse({ images: [], hasMore: false, total: 0 }),
    });
    renderManager();
    await screen.findByRole('option', { name: services[0]!.name });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: serviceId } });
    expect(
      await screen.findByText('No images found for this service. Upload some images to get started.'),
    ).toBeTruthy();
  });

  it("deletes the selected images after the spec's question, or says to select some first", async () => {
    const { calls } = stubFetch({
      'GET /api/carousal/services': () => jsonResponse({ services }),
      [`GET /api/carousal/service/${serviceId}?limit=100`]: [
        () => jsonResponse({ images, hasMore: false, total: 3 }),
        () => jsonResponse({ images: [], hasMore: false, total: 0 }),
      ],
      'DELETE /api/carousal/bulk-delete': () => jsonResponse({ images: [], message: 'Images deleted successfully!' }),
    });
    renderManager();
    await screen.findByRole('option', { name: services[0]!.name });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: serviceId } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Selected (0)' }));
    expect(await screen.findByText('Please select images to delete')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected (3)' }));
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain('Are you sure you want to delete 3 images?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Images deleted successfully!')).toBeTruthy();
    expect(
      await screen.findByText('No images found for this service. Upload some images to get started.'),
    ).toBeTruthy();
    const removed = calls.find((c) => c.method === 'DELETE')!;
    expect(JSON.parse(removed.body!)).toEqual({ serviceId, imageIds: images.map((image) => image.id) });
  });
});
