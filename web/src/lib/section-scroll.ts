import { prefersReducedMotion } from './use-reduced-motion.ts';

/** The home page's scroll targets (spec §2, navigation bar). */
export const homeSections = [
  'home',
  'about',
  'services',
  'features',
  'gallery',
  'process',
  'clients',
  'trial',
] as const;
export type HomeSection = (typeof homeSections)[number];

/**
 * Scrolls so the element with `id` sits just below the sticky navbar. Returns false when the
 * element is not on the page (yet), so callers can retry after the next render.
 */
export function scrollToSection(id: string, behavior?: ScrollBehavior): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const header = document.querySelector<HTMLElement>('.site-header');
  const offset = header ? header.getBoundingClientRect().height : 0;
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: behavior ?? (prefersReducedMotion() ? 'auto' : 'smooth') });
  return true;
}
