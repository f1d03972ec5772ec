import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';

/**
 * Renders one page of the site to HTML at build time (web/build/build-site.ts). The tree is the
 * one main.tsx hydrates, with a static router at `url`. Lazy pages are awaited, so the HTML is
 * the whole page; data-driven sections render their loading state (nothing is fetched here).
 */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
