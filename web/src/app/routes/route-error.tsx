import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './status-page.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

/** The router's error page (spec §2: 'Unexpected Application Error!' with the status or message). */
export function RouteError() {
  return <RouteErrorPage error={useRouteError()} />;
}

/** The error page for a given error (the app's router passes what a page threw). */
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
