import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { variantSrcSet } from '@studio/shared/media-variants';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { ServiceGallery } from './service-gallery.tsx';

const serviceId = fixtureId(1);
const url = `/api/carousal/service/${serviceId}`;

function page(from: number, count: number, hasMore: boolean, total: number) {
  return jsonResponse({
    images: Array.from({ length: count }, (_, i) => ({
      id: fixtureId(100 + from + i, '01JD0MAGE0000000000000'),
      imageUrl: `/media/carousel/${from + i}.svg`,
      imageName: `Image ${from + i}`,
      order: from + i,
    })),
    hasMore,
    total,
  });
}

const tiles = () => screen.queryAllByRole('listitem').length;

describe('ServiceGallery', () => {
  it('pages: 12 visible, Show More by 12, Load More fetches page 2 of 50, Show Less back to 12', async () => {
    const { calls } = stubFetch({
      [`GET ${url}?page=1&limit=50`]: () => page(1, 50, true, 62),
      [`GET ${url}?page=2&limit=50`]: () => page(51, 12, false, 62),
    });
    renderWithProviders(<ServiceGallery serviceId={serviceId} serviceName="Jewelry" />);
    expect(screen.getByRole('heading', { name: 'Jewelry Gallery' })).toBeTruthy();
    expect(await screen.findByText('62 images')).toBeTruthy();
    expect(tiles()).toBe(12);
    expect(screen.getByText('Position: 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show More (38 more)' }));
    expect(tiles()).toBe(24);
    for (let i = 0; i < 2; i += 1) fireEvent.click(screen.getByRole('button', { name: /^Show More/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show More (2 more)' }));
    expect(tiles()).toBe(50);
    expect(screen.queryByRole('button', { name: /^Show More/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load More Images' }));
    await waitFor(() => expect(tiles()).toBe(62));
    expect(calls.map((c) => c.url.search)).toEqual(['?page=1&limit=50', '?page=2&limit=50']);
    expect(screen.queryByRole('button', { name: 'Load More Images' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(tiles()).toBe(12);
    // Rendering 62 tiles in jsdom is slow on a busy machine.
  }, 20_000);

  it('opens the full-screen viewer and closes it with ×', async () => {
    stubFetch({ [`GET ${url}`]: () => page(1, 3, false, 3) });
    renderWithProviders(<ServiceGallery serviceId={serviceId} serviceName="Jewelry" />);
    fireEvent.click(await screen.findByRole('button', { name: /Image 2/ }));
    const dialog = screen.getByRole('dialog', { name: 'Jewelry Gallery' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/media/carousel/2.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the empty state', async () => {
    stubFetch({ [`GET ${url}`]: () => page(1, 0, false, 0) });
    renderWithProviders(<ServiceGallery serviceId={serviceId} serviceName="Jewelry" />);
    expect(await screen.findByText('No Images Found')).toBeTruthy();
    expect(screen.getByText("This service doesn't have any images yet.")).toBeTruthy();
  });

  it('shows the error state on a first-page failure and retries with Try Again', async () => {
    stubFetch({
      [`GET ${url}`]: [
        () => jsonResponse({ statusCode: 500, error: 'INTERNAL', message: 'boom' }, 500),
        () => page(1, 2, false, 2),
      ],
    });
    renderWithProviders(<ServiceGallery serviceId={serviceId} serviceName="Jewelry" />);
    expect(await screen.findByRole('heading', { name: 'Error Loading Images' })).toBeTruthy();
    expect(screen.getByText('Failed to load images. Please try again.')).toBeTruthy();
    expect(tiles()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('2 images')).toBeTruthy();
  });

  it('draws each tile from the width variants of the image, and the original if a variant is missing', async () => {
    stubFetch({ [`GET ${url}`]: () => page(1, 1, false, 1) });
    renderWithProviders(<ServiceGallery serviceId={serviceId} serviceName="Jewelry" />);
    const img = await screen.findByRole('img', { name: 'Image 1' });
    const sources = [...img.closest('picture')!.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('srcset'))).toEqual([
      variantSrcSet('/media/carousel/1.svg', 'avif'),
      variantSrcSet('/media/carousel/1.svg', 'webp'),
    ]);
    fireEvent.error(img);
    const original = screen.getByRole('img', { name: 'Image 1' });
    expect(original.closest('picture')).toBeNull();
    expect(original.getAttribute('src')).toBe('/media/carousel/1.svg');
    expect(screen.queryByText('Image not found')).toBeNull();
  });

  it("shows 'Image not found' when the original cannot be shown either", async () => {
    stubFetch({ [`GET ${url}`]: () => page(1, 1, false, 1) });
    renderWithProviders(<ServiceGallery serviceId={serviceId} serviceName="Jewelry" />);
    fireEvent.error(await screen.findByRole('img', { name: 'Image 1' }));
    fireEvent.error(screen.getByRole('img', { name: 'Image 1' }));
    expect(screen.getByText('Image not found')).toBeTruthy();
  });
});
