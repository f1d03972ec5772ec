import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * The app marks the document as it takes over a page (web/src/start.tsx): `data-hydrating` on
 * <html> once React has started hydrating a published page, `data-hydrated` once the page has
 * hydrated (its header with its main content) or the app shell has rendered. A section below the
 * first screen hydrates later, as it comes near, and marks its own wrapper `data-hydrated`
 * (web/src/components/deferred-section.tsx).
 */

/**
 * Resolves once React has started on the page: hydrating a published page (which starts the app
 * only after its load, web/src/main.tsx) or rendering the app shell. A press on a published
 * page's content may still be dropped then (the page's route code may not have arrived; the entry
 * presses it again once the page has hydrated): tests that press something wait for `hydrated`.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrating], html[data-hydrated]'), 'the app has started').toHaveCount(1);
}

/**
 * Resolves once React has taken over the page: on a published page hydrated its header, which
 * hydrates with the page's main content, or rendered the app shell. A press on that part is
 * answered at once from then on; a section below the first screen hydrates later (`sectionHydrated`).
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html'), 'the app has hydrated the page').toHaveAttribute('data-hydrated');
}

/**
 * Resolves once the section below the first screen that holds `inside` has hydrated: its code has
 * arrived (it loads as the section nears the viewport, or when something in it is pressed) and
 * React answers what is pressed in it.
 */
export async function sectionHydrated(inside: Locator): Promise<void> {
  const section = inside.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " deferred-section ")][1]');
  await expect(section, 'the section has hydrated').toHaveAttribute('data-hydrated');
}
