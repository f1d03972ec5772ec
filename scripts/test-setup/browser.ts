import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests and the bench drive: CHROMIUM_PATH, else Chromium's headless shell when
 * it is installed (`npm test` installs it where it can: no browser UI behind the page, about a sixth
 * faster on the browser tests), else the full browser. The tests never download a browser.
 */
export const testBrowserPath =
  process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * The flags that keep the browser from reaching the network on its own: no background updates,
 * sync or QUIC. Headless or not is the launcher's choice (`headless`, Playwright's `--headed`).
 */
export const testBrowserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium from the system, for the bench. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: testBrowserPath, args: ['--headless', ...testBrowserArgs] });
}

/**
 * Holds back the page's requests whose URL matches `url` (a Playwright glob) until the returned
 * function is called: a slow network, on cue.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
