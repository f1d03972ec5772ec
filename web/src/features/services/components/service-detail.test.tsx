import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { variantSrcSet } from '@studio/shared/media-variants';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fixtureId, makeService } from '../../../testing/service-fixtures.ts';
import { ServiceDetail } from './service-detail.tsx';

const service = makeService(1, {
  name: 'Jewelry',
  description: 'Rings and necklaces that sparkle.',
  subServices: [2, 1, 3].map((order) => ({
    id: fixtureId(order, '01JD0SVBSERV1CE0000000'),
    serviceId: fixtureId(1),
    name: `Option ${order}`,
    description: `What option ${order} does.`,
    order,
    prices: [],
    beforeImage: null,
    afterImage: null,
  })),
});

describe('ServiceDetail', () => {
  it("shows 'Loading...', then the banner and the subservices in order with alternating layouts", async () => {
    stubFetch({ [`GET /api/services/${service.id}`]: () => jsonResponse({ service }) });
    renderWithProviders(<ServiceDetail serviceId={service.id} gallery={(name) => <p>{`${name} gallery here`}</p>} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jewelry' })).toBeTruthy();
    expect(screen.getByText('Rings and necklaces that sparkle.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Jewelry: finished image' }).getAttribute('src')).toBe(service.afterImage);
    const items = [...document.querySelectorAll('.subservice')];
    expect(items.map((li) => li.querySelector('h3')?.textContent)).toEqual(['Option 1', 'Option 2', 'Option 3']);
    expect(items.map((li) => li.className.replace('subservice ', ''))).toEqual([
      'subservice--image-left',
      'subservice--image-right',
      'subservice--image-left',
    ]);
    expect(screen.getByText('Jewelry gallery here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get A Quote' }).getAttribute('href')).toBe(`/service-quote/${service.id}`);
  });

  it("draws each subservice's slider from the images' width variants, not the uploaded originals", async () => {
    const withImages = {
      ...service,
      subServices: service.subServices.map((sub) => ({
        ...sub,
        beforeImage: `/media/images/${sub.id}-before.jpg`,
        afterImage: `/media/images/${sub.id}-after.jpg`,
      })),
    };
    stubFetch({ [`GET /api/services/${service.id}`]: () => jsonResponse({ service: withImages }) });
    renderWithProviders(<ServiceDetail serviceId={service.id} gallery={() => null} />);
    await screen.findByRole('heading', { level: 1, name: 'Jewelry' });
    const first = withImages.subServices.find((sub) => sub.order === 1)!;
    const sources = [...document.querySelectorAll('.subservice')[0]!.querySelectorAll('source')];
    expect(sources.map((source) => [source.type, source.getAttribute('sizes')])).toEqual([
      ['image/avif', expect.stringContaining('calc(50vw - 2.75rem)')],
      ['image/webp', expect.stringContaining('calc(50vw - 2.75rem)')],
      ['image/avif', expect.stringContaining('calc(50vw - 2.75rem)')],
      ['image/webp', expect.stringContaining('calc(50vw - 2.75rem)')],
    ]);
    const srcsets = sources.map((source) => source.getAttribute('srcset'));
    expect(srcsets).toContain(variantSrcSet(first.afterImage, 'avif'));
    expect(srcsets).toContain(variantSrcSet(first.beforeImage, 'webp'));
  });

  it('shows what each turnaround adds and what each volume tier takes off (#40)', async () => {
    const priced = {
      ...service,
      turnarounds: [
        { id: 'standard', name: 'Standard', hours: 48, multiplier: 1 },
        { id: 'express', name: 'Express', hours: 24, multiplier: 1.5 },
        { id: 'rush', name: 'Rush', hours: 12, multiplier: 2 },
      ],
      volumeTiers: [
        { minPhotos: 1, discountPercent: 0 },
        { minPhotos: 100, discountPercent: 10 },
        { minPhotos: 1000, discountPercent: 20 },
      ],
    };
    stubFetch({ [`GET /api/services/${service.id}`]: () => jsonResponse({ service: priced }) });
    renderWithProviders(<ServiceDetail serviceId={service.id} gallery={() => null} />);
    const section = await screen.findByRole('region', { name: 'Delivery times and volume discounts' });
    const list = (name: string) =>
      Array.from(within(section).getByRole('list', { name }).querySelectorAll('li'), (li) => li.textContent);
    expect(list('Turnaround')).toEqual([
      'Standard (48 h): no surcharge',
      'Express (24 h): +50 %',
      'Rush (12 h): +100 %',
    ]);
    expect(list('Volume discounts')).toEqual(['10 % off from 100 photos', '20 % off from 1,000 photos']);
  });

  it('lists no volume discounts for a service without any', async () => {
    stubFetch({ [`GET /api/services/${service.id}`]: () => jsonResponse({ service }) });
    renderWithProviders(<ServiceDetail serviceId={service.id} gallery={() => null} />);
    const section = await screen.findByRole('region', { name: 'Delivery times and volume discounts' });
    expect(within(section).getByRole('list', { name: 'Turnaround' }).textContent).toBe('Standard (48 h): no surcharge');
    expect(within(section).queryByRole('list', { name: 'Volume discounts' })).toBeNull();
  });

  it("shows 'error fetching data....' when the service cannot be read", async () => {
    stubFetch({
      [`GET /api/services/${service.id}`]: () =>
        jsonResponse({ statusCode: 404, error: 'NOT_FOUND', message: 'Service not found' }, 404),
    });
    renderWithProviders(<ServiceDetail serviceId={service.id} gallery={() => null} />);
    expect(await screen.findByText('error fetching data....')).toBeTruthy();
  });
});
