import { errorEnvelope } from '@studio/shared/errors';
import { listServicesResponseSchema } from '@studio/shared/service';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { makeServices } from '../../../testing/service-fixtures.ts';
import { ServicesSection } from './services-section.tsx';

function answerServices(count: number) {
  return stubFetch({ 'GET /api/services': () => jsonResponse({ services: makeServices(count) }) });
}

const cards = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('ServicesSection', () => {
  it('uses fixtures the shared schema accepts', () => {
    expect(listServicesResponseSchema.safeParse({ services: makeServices(14) }).success).toBe(true);
  });

  it('shows Loading... first, then the cards with their links', async () => {
    const { calls } = answerServices(3);
    renderWithProviders(<ServicesSection />);

    expect(screen.getByRole('heading', { level: 2, name: 'Our Services' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    await screen.findByRole('heading', { level: 3, name: 'Service 1' });
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(cards()).toHaveLength(3);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBeNull();

    const [service] = makeServices(1);
    const first = within(cards()[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Get A Quote' }).getAttribute('href')).toBe(`/service-quote/${service?.id}`);
    expect(first.getByRole('link', { name: 'View More' }).getAttribute('href')).toBe(
      `/specific-services/${service?.id}`,
    );
    expect(first.getByRole('slider')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Read more' })).toBeTruthy();
    expect(first.getByAltText('Service 1: before retouching').getAttribute('src')).toBe(service?.beforeImage);
    expect(screen.queryByRole('link', { name: 'View More Services' })).toBeNull();
  });

  it('shows only the first 12 of 14 services, and View More Services', async () => {
    answerServices(14);
    renderWithProviders(<ServicesSection />);

    await screen.findByRole('heading', { level: 3, name: 'Service 1' });
    expect(cards()).toHaveLength(12);
    expect(screen.getByRole('heading', { level: 3, name: 'Service 12' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Service 13' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View More Services' }).getAttribute('href')).toBe('/full-services');
  });

  it('shows View More Services with 10 services but not with 9', async () => {
    answerServices(10);
    const ten = renderWithProviders(<ServicesSection />);
    await screen.findByRole('heading', { level: 3, name: 'Service 10' });
    expect(screen.getByRole('link', { name: 'View More Services' })).toBeTruthy();
    ten.unmount();

    answerServices(9);
    renderWithProviders(<ServicesSection />);
    await screen.findByRole('heading', { level: 3, name: 'Service 9' });
    expect(cards()).toHaveLength(9);
    expect(screen.queryByRole('link', { name: 'View More Services' })).toBeNull();
  });

  it('says so when there are no services', async () => {
    answerServices(0);
    renderWithProviders(<ServicesSection />);
    expect(await screen.findByText('No services available yet.')).toBeTruthy();
  });

  it('shows Failed to fetch services on a 500 and recovers with Try again', async () => {
    const { calls } = stubFetch({
      'GET /api/services': [
        () => jsonResponse(errorEnvelope('INTERNAL', 'Internal server error'), 500),
        () => jsonResponse({ services: makeServices(2) }),
      ],
    });
    renderWithProviders(<ServicesSection />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to fetch services');
    expect(screen.queryByRole('list')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 3, name: 'Service 2' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('shows the error when the answer is not JSON (a proxy page)', async () => {
    stubFetch({ 'GET /api/services': () => new Response('<html>Please wait</html>', { status: 200 }) });
    renderWithProviders(<ServicesSection />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch services');
  });

  it('shows Loading... again while Try again waits for the answer', async () => {
    let release: (response: Response) => void = () => undefined;
    stubFetch({
      'GET /api/services': [
        () => jsonResponse(errorEnvelope('INTERNAL', 'boom'), 500),
        () => new Promise<Response>((resolve) => (release = resolve)),
      ],
    });
    renderWithProviders(<ServicesSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    release(jsonResponse({ services: makeServices(1) }));
    await screen.findByRole('heading', { level: 3, name: 'Service 1' });
  });
});
