import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './public-page.css';

/** Frame of every public content page: navbar, the page's main content, footer, and the tab title. */
export function PublicPage({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  useDocumentTitle(`${title} — Retouch Studio`);
  return (
    <>
      <SiteHeader />
      <main className={className}>{children}</main>
      <SiteFooter />
    </>
  );
}

/** The coloured band at the top of a content page, holding its h1. */
export function PageBanner({ title, eyebrow, children }: { title: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <header className="page-banner">
      <div className="container">
        {eyebrow && <p className="eyebrow page-banner__eyebrow">{eyebrow}</p>}
        <h1 className="page-banner__title">{title}</h1>
        {children}
      </div>
    </header>
  );
}
