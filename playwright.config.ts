/**
 * The browser suite (web/e2e/*.spec.ts): the site in headless Chromium against one local stack,
 * started once in the global setup (web/e2e/global-setup.ts) for every file and both projects.
 *
 *   npx playwright test                              the whole suite (also a lane of `npm test`)
 *   npx playwright test web/e2e/faq.spec.ts          one file; `-g "<title>"` one test
 *   npx playwright test --project phone              one size
 *   CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed   in a window (needs a display)
 *   npx playwright show-trace test-results/<test>/trace.zip        a failed test, step by step
 *
 * A failed test keeps its trace (every action, network request, console message and DOM
 * snapshot) and a screenshot of each of its pages under test-results/; the reporter prints their
 * paths. There are no retries: a test that fails once is a bug to find, in the product or here.
 */
import { defineConfig } from '@playwright/test';
import { testBrowserArgs, testBrowserPath } from './scripts/test-setup/browser.ts';

const ci = Boolean(process.env.CI);
const desktop = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'web/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './web/e2e/global-setup.ts',
  /*
   * One worker, files one after another. The files share the stack, and a dozen of their checks
   * read what another file changes: the exact list of services and hero slides (home, prerender,
   * publish and the staff catalogue add and remove theirs), the studio's settings (payments), the
   * seeded EDITOR's list of jobs, the leads and applications lists. Two workers were tried: see
   * docs/decisions/browser-tests.md. On two cores the browser suite also runs beside the API
   * suite and the unit suites (scripts/test-lanes.mjs): a second browser would only share them.
   */
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: ci,
  // A whole journey (sign-up to payment, two roles) takes 20-40 s here on a busy machine; longer
  // ones set their own. A bound to end a hung test, not a measure of speed (`npm run bench`).
  timeout: 90_000,
  // Web-first assertions wait until what they expect is there: up to 15 s on a loaded machine.
  expect: { timeout: 15_000 },
  reporter: [['list', { printSteps: false }]],
  use: {
    launchOptions: { executablePath: testBrowserPath, args: testBrowserArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
  },
  /*
   * Two sizes, each test in one of them: a test is about a size, and running every test at both
   * would double the suite's time. Untagged tests run on the desktop; a test or describe tagged
   * `@phone` runs on the phone only, one tagged `@both-sizes` on each. A test that checks a page
   * does not scroll sideways at the narrowest phone width (375 px) still resizes to it itself.
   */
  projects: [
    { name: 'desktop', use: desktop, grepInvert: /@phone/, testIgnore: 'publish.spec.ts' },
    { name: 'phone', use: { viewport: { width: 390, height: 844 } }, grep: /@phone|@both-sizes/ },
    /*
     * The desktop's publish-on-write tests, in a worker process of their own: the publisher's
     * functions read their settings (bucket, site URL) once per process, as a Lambda container
     * does, and prerender.spec starts a publisher with other settings. A worker runs file after
     * file in one process; projects never share one.
     */
    { name: 'publisher', use: desktop, testMatch: 'publish.spec.ts' },
  ],
});
