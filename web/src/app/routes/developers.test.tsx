import { errorEnvelope } from '@studio/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { renderRoutes } from '../../testing/render.tsx';
import { appRoutes } from '../router.tsx';

// jsdom draws no web component: this stand-in for RapiDoc's element records the document it is given
// (the real renderer is run by the browser test, web/e2e/api-and-webhooks.spec.ts).
const rendered: object[] = [];
vi.mock('rapidoc', () => {
  class RapiDocStandIn extends HTMLElement {
    loadSpec(spec: object) {
      rendered.push(spec);
    }
  }
  if (!customElements.get('rapi-doc')) customElements.define('rapi-doc', RapiDocStandIn);
  return {};
});

const ambient = { 'GET /api/services': () => jsonResponse({ services: [] }) };
const openApi = { openapi: '3.1.0', info: { title: 'Retouch Studio API', version: '2026-11-28' }, paths: {} };

describe('/developers', () => {
  it('explains keys and webhook signatures, and hands the OpenAPI document to the renderer', async () => {
    stubFetch({ ...ambient, 'GET /api/openapi.json': () => jsonResponse(openApi) });
    renderRoutes(appRoutes, { path: '/developers' });
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer rsk_live_…')).toBeTruthy();
    expect(screen.getByText('t=<unix seconds>,v1=<signature>')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API and webhooks' }).getAttribute('href')).toBe(
      '/dashboard/organisation/api',
    );
    await waitFor(() => expect(document.querySelector('rapi-doc')).toBeTruthy());
    const element = document.querySelector('rapi-doc')!;
    expect(element.getAttribute('load-fonts')).toBe('false');
    expect(element.getAttribute('update-route')).toBe('false');
    expect(rendered.at(-1)).toEqual(openApi);
  }, 15_000);

  it('says so when the document cannot be read', async () => {
    stubFetch({
      ...ambient,
      'GET /api/openapi.json': () => jsonResponse(errorEnvelope('SERVICE_UNAVAILABLE', 'Try again shortly.'), 503),
    });
    renderRoutes(appRoutes, { path: '/developers' });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'The API reference could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  }, 15_000);
});
