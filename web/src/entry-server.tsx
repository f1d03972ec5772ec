/**
 * The site's renderer: renders the public pages with React's static renderer, with the same
 * route components as the browser's start (start.tsx, imported by the entry), which hydrates them.
 * Bundled on its own by `npm run build` (web/dist-render/, no dependency left outside the bundle)
 * and run by the build and by the site publisher; shared/src/site-render.ts is the contract.
 */
export { renderSite } from './server/render-site.ts';
export { renderPage } from './server/render-page.tsx';
