import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests and the bench drive: CHROMIUM_PATH, else Chromium's headless shell when
 * it is installed (`npm test` installs it where it can: no browser UI behind the page, about a sixth
 * faster on the browser tests), else the full browser.
 */
const testBrowserPath = process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * Headless Chromium from the system (the tests never download a browser). The flags keep it
 * from reaching the network on its own: no background updates, sync or QUIC.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: testBrowserPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
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
