import type { Page } from 'playwright-core';

/**
 * Resolves once React has taken over the page: hydrated a published page (which starts the app
 * only after its load, web/src/main.tsx) or rendered the app shell. React marks its root's
 * container with an internal key when either starts; a press before then reaches no handler.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
