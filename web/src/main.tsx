import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// A prerendered page (production build) arrives with its HTML: hydrate it, in a transition so
// React hydrates in small slices and the page answers input meanwhile (a phone's main thread is
// not blocked for the whole tree). The app shell of the other routes, and the dev server, arrive
// with an empty root: render.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
