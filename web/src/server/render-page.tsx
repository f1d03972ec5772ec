import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import type { PublicRead } from '@studio/shared/site-render';
import { AppProvider, createQueryClient } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import {
  ClientRenderedSection,
  clientRenderedSectionDigest,
  RenderingWithoutData,
} from '../components/deferred-section.tsx';
import { answerPublicReadsWith } from '../lib/api-client.ts';

export interface RenderedPage {
  /** The app's markup for the page, for `<div id="root">`. */
  html: string;
  /** The answers the page was rendered with (what the page's data sections show). */
  client: QueryClient;
  /** Those answers dehydrated for the browser; undefined when the page was rendered without data. */
  queries: DehydratedState | undefined;
}

/** Rendering again for reads that only appear once earlier data is in (a service's gallery). */
const maxPasses = 4;

async function renderOnce(client: QueryClient, url: string, notFound: boolean, withData: boolean): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderingWithoutData value={!withData}>
        <AppProvider client={client}>
          <StaticRouter location={url}>
            <AppRoutes notFoundAt={notFound ? new URL(url, 'http://site.invalid').pathname : undefined} />
          </StaticRouter>
        </AppProvider>
      </RenderingWithoutData>
    </StrictMode>,
    // Every boundary inline, in document order. By default React moves a boundary that completes
    // after more than ~12 KB of the page into a hidden element placed by an inline script, which
    // the CSP (script-src 'self') blocks: the section would stay hidden and be rendered again.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A deferred section left to the browser is by design; anything else is logged, as React does.
      onError: (error) => {
        if (error instanceof ClientRenderedSection) return clientRenderedSectionDigest;
        console.error(error);
        return undefined;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one page of the site with React's static renderer: the tree start.tsx hydrates, at
 * `url`, lazy pages awaited. With `read`, the page's data is in it: a first render creates the
 * queries the page's components use (React Query builds them while rendering, it fetches nothing
 * on a server), they are fetched through `read` with their own query functions (the API client
 * hands public reads to `read`), and the page is rendered again with the answers, until no query
 * is left waiting. Every page therefore reads exactly what its components read, with the same keys
 * the browser then finds filled. A read that fails fails the render: a page is never published
 * with an error where its data should be. Without `read`, data sections render loading, and the
 * sections deferred below the first screen are left to the browser (components/deferred-section.tsx).
 */
export async function renderPage(
  url: string,
  { read, notFound = false }: { read?: PublicRead; notFound?: boolean } = {},
): Promise<RenderedPage> {
  const client = createQueryClient();
  let html = await renderOnce(client, url, notFound, read !== undefined);
  if (!read) return { html, client, queries: undefined };
  answerPublicReadsWith(read);
  try {
    for (let pass = 1; ; pass++) {
      const waiting = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
      if (waiting.length === 0) break;
      if (pass > maxPasses) throw new Error(`${url}: still reading after ${maxPasses} renders`);
      await Promise.all(waiting.map((query) => query.fetch(undefined, { cancelRefetch: false })));
      html = await renderOnce(client, url, notFound, true);
    }
  } finally {
    answerPublicReadsWith(undefined);
  }
  return { html, client, queries: dehydrate(client) };
}
