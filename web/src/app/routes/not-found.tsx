import { Link } from '../../components/app-link.tsx';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './status-page.css';

export function NotFoundRoute() {
  useDocumentTitle('Page not found — Retouch Studio');
  return (
    <>
      <SiteHeader />
      <main className="status-page container">
        <p className="status-page__code">404</p>
        <h1 className="status-page__title">Page not found</h1>
        <p className="status-page__detail">The page you are looking for does not exist or has moved.</p>
        <Link className="button button--primary" to={paths.home}>
          Back to the home page
        </Link>
      </main>
      <SiteFooter />
    </>
  );
}
