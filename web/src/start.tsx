/**
 * The app's start, imported by main.tsx (at once, or on a published page once its first screen has
 * loaded): hydrates a prerendered page or renders the app shell.
 */
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { pageDataElementId, type PageData } from '@studio/shared/site-render';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { isClientRenderedSection } from './components/deferred-section.tsx';
import type { AppEvent } from './lib/start-after-load.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A published page carries the answers it was rendered with (web/src/server/render-site.ts): the
// app starts with them, so its first render is the page's markup and it calls no API. They are as
// fresh as the page, which is published again after every change to what it shows, so they count
// as just read (otherwise a page published an hour ago would read everything again on load).
const dataElement = document.getElementById(pageDataElementId);
const pageData = dataElement?.textContent ? (JSON.parse(dataElement.textContent) as PageData) : {};
const client = createQueryClient();
if (pageData.queries) {
  const state = pageData.queries as DehydratedState;
  const now = Date.now();
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
}

const app = (
  <StrictMode>
    <AppProvider client={client}>
      <AppRouter notFoundAt={pageData.notFound ? window.location.pathname : undefined} />
    </AppProvider>
  </StrictMode>
);

/**
 * Marks the document for whatever waits on the app (the browser tests, a script of the page):
 * `data-hydrating` once React has started hydrating a published page (it answers a press on what
 * it has hydrated from then on, and drops one on a part whose code has not arrived), and
 * `data-hydrated` once the page has hydrated (its header with its main content; the sections
 * below the first screen hydrate later and mark their own wrapper, deferred-section.tsx) or the
 * app shell has rendered for the first time. Each is set once and never removed.
 */
function markDocument(state: 'hydrating' | 'hydrated'): void {
  document.documentElement.setAttribute(`data-${state}`, '');
}

/** Marks the app shell rendered, after React's first commit. */
function RenderedMark() {
  useEffect(() => markDocument('hydrated'), []);
  return null;
}

// A prerendered page (production build) arrives with its HTML: hydrate it, in a transition so
// React hydrates in small slices and the page answers input meanwhile (a phone's main thread is
// not blocked for the whole tree). The app shell of the other routes, and the dev server, arrive
// with an empty root: render.
if (container.firstElementChild) {
  // The site header announces it has hydrated, with the page's main content (site-header.tsx).
  document.addEventListener('studio:hydrated' satisfies AppEvent, () => markDocument('hydrated'), { once: true });
  startTransition(
    () =>
      void hydrateRoot(container, app, {
        // The build's pages without data leave their deferred sections to the browser on purpose.
        onRecoverableError: (error) => {
          if (!isClientRenderedSection(error)) reportError(error);
        },
      }),
  );
  // A button the visitor pressed before now reached no handler, nor does one pressed before the
  // page's route has its code (React drops it): main.tsx presses the last such button again once
  // the page has hydrated (the site header says so).
  document.dispatchEvent(new Event('studio:hydrating' satisfies AppEvent));
  markDocument('hydrating');
} else {
  createRoot(container).render(
    <>
      {app}
      <RenderedMark />
    </>,
  );
}
