import { preloadModules, recordEarlyPresses, startAfterLoad } from './lib/start-after-load.ts';
import './styles/global.css';

/*
 * The entry: small, so that a published page's first screen neither waits on the app's code nor
 * shares a phone's bandwidth with it. A published page is complete in its HTML (its links are
 * links, its text and images are there): its script lists the app's chunks (`data-chunks`, from
 * web/src/server/document.ts), which are fetched, and the page hydrated, once the page has loaded
 * (stylesheet and first-screen images) or as soon as the visitor presses, types or focuses
 * something; a button pressed meanwhile is pressed again once the page has hydrated
 * (`recordEarlyPresses`). Any other page (the app shell, the dev server) starts at once.
 */
const chunks = document.querySelector<HTMLScriptElement>('script[data-chunks]')?.dataset.chunks;
const start = () => {
  preloadModules(chunks?.split(' ').filter(Boolean) ?? []);
  // Each step a task of its own (starting the fetches, evaluating React, then the app): together
  // they were one long task on a phone.
  setTimeout(() => {
    void import('react-dom/client').then(() => setTimeout(() => void import('./start.tsx')));
  });
};
if (chunks === undefined) start();
else {
  recordEarlyPresses();
  startAfterLoad(start);
}
