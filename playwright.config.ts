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
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testBrowserArgs, testBrowserPath } from './scripts/test-setup/browser.ts';

const ci = Boolean(process.env.CI);
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 } };

/*
 * The files that change what every other file sees, or check it exactly (the catalogue, slides,
 * openings, the studio's settings, the seeded EDITOR's board, studio-wide counts): each declares
 * the shared-state lock at its top (web/e2e/fixtures.ts, `sharedStateLock`), so that no two of
 * them run at once, in any project. Their projects come first: a free worker takes the first job
 * in project order whose lock is free, so they run one after another from the start, the longest
 * chain of the run, while the other files (each with a client, organisation, job or staff member
 * of its own, found by its own name) fill the second worker.
 */
const e2eDir = path.join(import.meta.dirname, 'web', 'e2e');
const sharedStateFiles = readdirSync(e2eDir).filter(
  (name) =>
    name.endsWith('.spec.ts') &&
    name !== 'publish.spec.ts' &&
    readFileSync(path.join(e2eDir, name), 'utf8').includes('describe.configure({ lock: sharedStateLock })'),
);
const phoneTests = /@phone|@both-sizes/;

export default defineConfig({
  testDir: 'web/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './web/e2e/global-setup.ts',
  /*
   * Two workers: the shared-state files one after another (their lock), every other file beside
   * them; all share one stack. On two cores the lane also runs beside the API lane, the unit
   * suites and the static checks (scripts/test-lanes.mjs): there two workers ended the lane in
   * 910 s instead of 1,119 s, and the whole run in 20 min 26 s instead of 20 min 51 s (two
   * fresh-clone runs of the same day: docs/decisions/browser-tests.md).
   */
  workers: 2,
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
    // Every test records its trace (kept if it fails): each action's DOM before and after, the
    // network and the console. Not the screencast's film of JPEG frames: about a twentieth of the
    // lane's CPU, and the failure's own screenshot is kept (docs/decisions/browser-tests.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
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
    { name: 'shared', use: desktop, grepInvert: /@phone/, testMatch: sharedStateFiles },
    { name: 'shared-phone', use: phone, grep: phoneTests, testMatch: sharedStateFiles },
    /*
     * The desktop's publish-on-write tests (a shared-state file too), in a worker process of their
     * own: the publisher's functions read their settings (bucket, site URL) once per process, as a
     * Lambda container does, and prerender.spec starts a publisher with other settings. A worker
     * runs file after file in one process; projects never share one.
     */
    { name: 'publisher', use: desktop, testMatch: 'publish.spec.ts' },
    { name: 'desktop', use: desktop, grepInvert: /@phone/, testIgnore: [...sharedStateFiles, 'publish.spec.ts'] },
    { name: 'phone', use: phone, grep: phoneTests, testIgnore: [...sharedStateFiles, 'publish.spec.ts'] },
  ],
});
