import { deferredSection } from '../../components/deferred-section.tsx';

/**
 * The footer of every public page: its code (the contact form and what it sends with, the icons)
 * loads as it nears the viewport or takes focus, not with the page (components/deferred-section.tsx);
 * a published page has it in its HTML from the start.
 */
export const SiteFooter = deferredSection(async () => (await import('./site-footer-content.tsx')).SiteFooterContent);
