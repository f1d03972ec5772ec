import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { jsonResponse, stubFetch } from '../testing/fetch-stub.ts';
import { renderRoutes } from '../testing/render.tsx';
import { fixtureId, makeServices } from '../testing/service-fixtures.ts';
import { appRoutes } from './router.tsx';
import { RouteError } from './routes/route-error.tsx';

describe('app routes', () => {
  it('renders the home page with the hero, the navigation and the services', async () => {
    stubFetch({
      'GET /api/services': () => jsonResponse({ services: makeServices(2) }),
      'GET /api/slider-images': () =>
        jsonResponse({ images: [{ id: fixtureId(90), imagePath: '/media/slides/a.svg' }] }),
      'GET /api/testimonials': () => jsonResponse([]),
    });
    renderRoutes(appRoutes, { path: '/' });

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Photo editing and retouching for e-commerce, photographers and agencies' },
        // The home page is a lazy route: its module loads first (as in the other route tests).
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Services', '/services2'],
      ['Gallery', '/gallery'],
      ['Contact Us', '/contactus'],
      ['Career', '/career'],
      ['Log in', '/login'],
      ['Sign Up', '/signup'],
    ] as const) {
      expect(nav.querySelector(`a[href="${href}"]`)?.textContent).toBe(name);
    }
    expect(screen.getByRole('link', { name: 'REQUEST A QUOTE' }).getAttribute('href')).toBe('/services');
    expect(
      screen.getAllByRole('link', { name: 'START FREE TRIAL' }).map((link) => link.getAttribute('href')),
    ).toContain('/free-trial');
    expect(screen.getByRole('heading', { level: 2, name: 'Hair Masking' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Us Free' }).getAttribute('href')).toBe('/free-trial');
    await screen.findByRole('heading', { level: 3, name: 'Service 2' }, { timeout: 5000 });
    expect(document.title).toBe('Retouch Studio — Photo Editing & Retouching Services');
    // The footer's code loads on its own (a deferred section), maybe after the services.
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Retouch Studio`);
    // The first test of its file loads the home page's lazy modules cold: on a busy machine (the
    // whole suite on two cores) that alone can take more than vitest's default 5 s.
  }, 20_000);

  it('renders a not-found page for an unknown path', async () => {
    // The navbar's services menu and the footer list the services on every page.
    stubFetch({ 'GET /api/services': () => jsonResponse({ services: makeServices(1) }) });
    renderRoutes(appRoutes, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found — Retouch Studio'));
  });

  it('shows Unexpected Application Error! with the message when a route throws', async () => {
    const Broken = () => {
      throw new Error('Something broke');
    };
    const routes: RouteObject[] = [{ path: '/', Component: Broken, ErrorBoundary: RouteError }];
    const original = console.error;
    console.error = () => undefined; // React and the router log the thrown error; expected here.
    try {
      renderRoutes(routes, { path: '/' });
      expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
      expect(screen.getByText('Something broke')).toBeTruthy();
    } finally {
      console.error = original;
    }
  });
});
