import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions, type UserConfig } from 'vite';
import { mediaObjectKey, mediaObjectUrlPath } from '../shared/src/media-path.ts';
import { mediaPathPlugin } from './build/media-path-plugin.ts';
import { reactRouterTreeShakingPlugin } from './build/react-router-tree-shaking-plugin.ts';
import { routeTablePlugin } from './build/route-table-plugin.ts';
import { securityHeadersPlugin } from './build/security-headers-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The environment the config reads; `npm start` and the stack test setup set these before `createServer`. */
export interface StudioViteEnv {
  PORT?: string;
  /** Base URL of the local gateway, e.g. `http://127.0.0.1:4000`: receives `/api`. */
  STUDIO_API_TARGET?: string;
  /**
   * Base URL of the S3 emulator, e.g. `http://127.0.0.1:4568`: receives `/media`, and is where the
   * browser posts presigned uploads (so the CSP's `connect-src` names it).
   */
  STUDIO_MEDIA_TARGET?: string;
  /** Bucket holding the `media/` objects on STUDIO_MEDIA_TARGET. */
  STUDIO_MEDIA_BUCKET?: string;
}

function devProxy(env: StudioViteEnv): Record<string, ProxyOptions> | undefined {
  const proxy: Record<string, ProxyOptions> = {};
  if (env.STUDIO_API_TARGET) {
    // Host is kept: the gateway sees the site's origin, as API Gateway behind CloudFront would.
    proxy['/api'] = { target: env.STUDIO_API_TARGET, changeOrigin: false };
  }
  if (env.STUDIO_MEDIA_TARGET && env.STUDIO_MEDIA_BUCKET) {
    const bucket = env.STUDIO_MEDIA_BUCKET;
    // Object keys start with `media/`, so the URL path is the key: `/media/x` -> `/<bucket>/media/x`
    // (path-style addressing; changeOrigin keeps the emulator from reading a bucket out of Host).
    // mediaPathPlugin has refused any path that could leave the prefix before the proxy sees it.
    proxy['/media/'] = {
      target: env.STUDIO_MEDIA_TARGET,
      changeOrigin: true,
      rewrite: (requestPath) => {
        const key = mediaObjectKey(requestPath);
        return key ? mediaObjectUrlPath(bucket, key) : `/${bucket}/media/not-a-media-path`;
      },
    };
  }
  return Object.keys(proxy).length > 0 ? proxy : undefined;
}

/**
 * What every public page loads besides the entry and React: the app's start (router, providers,
 * root layout), the header with what it draws (the account menu, the site's links) and tiny
 * modules many public chunks share. One file rather than seven: each small chunk costs its own
 * request and compresses worse on its own (about 1.3 KB gzip of the home page's first load).
 */
const publicCommonModules = new RegExp(
  [
    String.raw`web[\\/]src[\\/]app[\\/]layout[\\/](?!site-footer-content)`,
    // The app's own start (the entry's static imports): the router, its table and providers.
    String.raw`web[\\/]src[\\/]app[\\/](router|route-elements|provider|private-paths)\.tsx?$`,
    String.raw`web[\\/]src[\\/]app[\\/]routes[\\/](root-layout|route-error)\.tsx$`,
    String.raw`web[\\/]src[\\/]components[\\/](session-guard|page-loading|stats-counter-logic)\.tsx?$`,
    String.raw`web[\\/]src[\\/]components[\\/](app-link|carousel-logic|deferred-section|navbar-account|notice|responsive-image)\.tsx?$`,
    String.raw`shared[\\/]src[\\/](media-variants|first-screen|number-text)\.ts$`,
  ].join('|'),
);

/**
 * The form layer every form of the app is written with (the schema form hook, the field
 * components, the failure text): one file, shared by the public forms and the staff console's,
 * so that neither side's chunks load the other's code to get it.
 */
const formModules = new RegExp(
  [
    String.raw`web[\\/]src[\\/]lib[\\/](use-schema-form|api-error-text|use-prerendered-input)\.ts$`,
    String.raw`web[\\/]src[\\/]components[\\/](form-field|select-field)\.tsx$`,
  ].join('|'),
);

/**
 * The footer of every public page with its contact form and what the form sends with (React
 * Query's mutation hook among them, the lead forms' shared parts): one file, loaded as the footer
 * nears the viewport (app/layout/site-footer.tsx), or with the contact and free-trial forms,
 * which share most of it.
 */
const siteFooterModules = new RegExp(
  [
    String.raw`web[\\/]src[\\/]app[\\/]layout[\\/]site-footer-content\.tsx$`,
    String.raw`web[\\/]src[\\/]components[\\/](footer-icons|honeypot-field)\.tsx$`,
    String.raw`web[\\/]src[\\/]features[\\/]leads[\\/](components[\\/](footer-contact-form|use-lead-form|contact-field|lead-messages)|api[\\/]create-contact-lead)\.tsx?$`,
    String.raw`shared[\\/]src[\\/]lead-limits\.ts$`,
    String.raw`@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](useMutation|mutationObserver)\.js$`,
  ].join('|'),
);

/**
 * React and React DOM: a file of their own, evaluated in a task before the rest of the app's
 * (src/main.tsx), so that neither evaluation is one long task on a phone.
 */
const reactDomModules = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/** What the React stack's first render needs besides React itself: React Router, React Query. */
const vendorModules = /node_modules[\\/](react-router|react-router-dom|@tanstack)[\\/]/;

/**
 * Vite's wrapper of lazy imports: the one module the entry (src/main.tsx) needs before it imports
 * the app. In the vendor file it pulled React into the entry's first request, when a published
 * page fetches the app only once it has loaded.
 */
const lazyImportModules = /vite[\\/]preload-helper/;

/**
 * React Query's parts no public page starts with (paged and suspense queries, several queries at
 * once, prefetching): left to the chunks of the pages that use them, not in everybody's vendor file.
 */
const lazyQueryModules =
  /@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|queriesObserver|streamedQuery|useInfiniteQuery|useQueries|useSuspense\w*|usePrefetch\w*|useIsFetching|useMutationState|HydrationBoundary|infiniteQueryOptions|mutationOptions)\.js$/;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 5173;
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${value}"`);
  }
  return port;
}

/**
 * The site's Vite config, built from the environment when the config is evaluated, so a script can
 * set the env vars and then call `createServer({ configFile: 'web/vite.config.ts' })`.
 * Without the STUDIO_* vars (e.g. `vite build`) there is no proxy.
 */
export function studioViteConfig(env: StudioViteEnv = process.env): UserConfig {
  const proxy = devProxy(env);
  return {
    root: webRoot,
    plugins: [
      react(),
      routeTablePlugin(),
      securityHeadersPlugin(env),
      mediaPathPlugin(),
      reactRouterTreeShakingPlugin(),
    ],
    server: {
      host: '127.0.0.1',
      port: parsePort(env.PORT),
      strictPort: true,
      ...(proxy ? { proxy } : {}),
    },
    preview: { host: '127.0.0.1', strictPort: true },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // One stylesheet, linked from every page: a prerendered page is styled at first paint, before
      // any JavaScript runs (about 7 KB gzip for the whole site).
      cssCodeSplit: false,
      // No preload helper and dependency lists in every lazy import (about 1.3 KB gzip of the first
      // load): a prerendered page links its own chunks (web/build/build-site.ts), and a page
      // reached by navigation fetches its imports as it loads.
      modulePreload: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'lazy-import', test: lazyImportModules },
              { name: 'react-dom', test: reactDomModules },
              // What every page needs, as one file instead of a dozen small ones (each small chunk
              // costs its own request and compresses worse).
              {
                name: 'vendor',
                test: (id) => vendorModules.test(id) && !lazyQueryModules.test(id) && !siteFooterModules.test(id),
              },
              // zod on its own: no public page calls it as it starts (public reads are not parsed
              // again in the browser), so it loads with the first answer that needs a schema.
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              // Tiny modules many public chunks share: one file rather than three. The shared
              // modules' zod schemas stay in chunks of their own, one per module, loaded by the first
              // request whose response needs one: evaluating them all with the first load was one
              // long task on a phone (docs/decisions/fast-accessible-indexable.md).
              { name: 'public-common', test: publicCommonModules },
              { name: 'forms', test: formModules },
              { name: 'site-footer', test: siteFooterModules },
            ],
          },
        },
      },
    },
  };
}

export default defineConfig(() => studioViteConfig());
