import type { Page } from 'playwright-core';

/**
 * Resolves once React has started on the page: hydrating a published page (which starts the app
 * only after its load, web/src/main.tsx) or rendering the app shell. React marks its root's
 * container with an internal key when either starts. A press on a published page's content may
 * still be dropped then (the page's route code may not have arrived; the entry presses it again
 * once the page has hydrated): tests that press something wait for `hydrated`.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/**
 * Resolves once React has taken over the page: started, and on a published page hydrated its
 * header, which hydrates with the page's main content (React marks each element it has hydrated
 * with an internal key). A press on that part is answered at once from then on; a section below
 * the first screen hydrates later, as it comes near (web/src/components/deferred-section.tsx).
 */
export async function hydrated(page: Page): Promise<void> {
  await appStarted(page);
  await page.waitForFunction(() => {
    const header = document.querySelector('header.site-header');
    return !header || Object.keys(header).some((key) => key.startsWith('__reactFiber'));
  });
}
