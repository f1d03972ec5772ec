import { chromium, type Browser } from 'playwright-core';

/**
 * Headless Chromium from the system (the tests never download a browser). The flags keep it
 * from reaching the network on its own: no background updates, sync or QUIC.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
