import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { variantSrcSet } from '@studio/shared/media-variants';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { makeServices } from '../../../testing/service-fixtures.ts';
import { SamplePairs, ServicesOverview } from './services-overview.tsx';

const services = makeServices(2);

/** The AVIF and WebP sources of each picture in the page, in order: [type, srcset, sizes]. */
function sources() {
  return [...document.querySelectorAll('picture source')].map((source) => [
    source.getAttribute('type'),
    source.getAttribute('srcset'),
    source.getAttribute('sizes'),
  ]);
}

describe('service thumbnails', () => {
  it('/services draws each thumbnail from the width variants of the service image', async () => {
    stubFetch({ 'GET /api/services': () => jsonResponse({ services }) });
    renderWithProviders(<ServicesOverview />);
    await screen.findByRole('heading', { level: 2, name: 'Service 2' });
    const sizes = '(max-width: 768px) calc(100vw - 5rem), 288px';
    expect(sources()).toEqual(
      services.flatMap((service) => [
        ['image/avif', variantSrcSet(service.afterImage, 'avif'), sizes],
        ['image/webp', variantSrcSet(service.afterImage, 'webp'), sizes],
      ]),
    );
  });

  it('/test2 draws both images of each pair from their width variants', async () => {
    stubFetch({ 'GET /api/services': () => jsonResponse({ services }) });
    renderWithProviders(<SamplePairs />);
    await screen.findByRole('heading', { level: 2, name: 'Sample 8' });
    expect(screen.getAllByRole('img')).toHaveLength(16);
    expect(sources().slice(0, 4)).toEqual([
      ['image/avif', variantSrcSet(services[0]!.beforeImage, 'avif'), expect.any(String)],
      ['image/webp', variantSrcSet(services[0]!.beforeImage, 'webp'), expect.any(String)],
      ['image/avif', variantSrcSet(services[0]!.afterImage, 'avif'), expect.any(String)],
      ['image/webp', variantSrcSet(services[0]!.afterImage, 'webp'), expect.any(String)],
    ]);
  });
});
