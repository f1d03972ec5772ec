import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './status-page.css';

function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

/**
 * The error page for what a page threw (spec §2: 'Unexpected Application Error!' with the
 * message); the app's router shows it in place of the page (route-elements.tsx).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Error — Retouch Studio');
  return (
    <main className="status-page container">
      <h1 className="status-page__title">Unexpected Application Error!</h1>
      <p className="status-page__detail">{describe(error)}</p>
      {/* A full reload: the router that failed is not trusted to navigate. */}
      <a className="button button--primary" href="/">
        Go to the home page
      </a>
    </main>
  );
}
