/**
 * The browser suite's `test` and `expect`: @playwright/test's, with every page's relative URL
 * resolved against the suite's production build (`page.goto('/faq')`), contexts made with
 * `browser.newContext()` included.
 *
 * A test that fails also lists the API calls its page made (method, path, status, when and how
 * long), as a text attachment the reporter prints under the failure: CI keeps the end of the output,
 * and this is where a slow or refused call shows without opening the trace.
 */
import { test as base, expect, type Request } from '@playwright/test';
import { provided } from '../../scripts/test-setup/suite-context.ts';

/**
 * The lock of the files that change what every file sees (the catalogue, hero slides, openings,
 * the studio's settings, the seeded EDITOR's board) or check it exactly. Such a file declares it
 * at its top, `test.describe.configure({ lock: sharedStateLock })`: no two of them ever run at
 * once, in any project, while the other files run beside them in the second worker.
 * playwright.config.ts finds them by that line and queues them first.
 */
export const sharedStateLock = 'shared-state';

export const test = base.extend<{ apiCalls: void }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(provided('siteUrl')),
  apiCalls: [
    async ({ context }, use, testInfo) => {
      const started = Date.now();
      const lines: string[] = [];
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const describe = (request: Request) => {
        const url = new URL(request.url());
        return url.pathname.startsWith('/api/') ? `${request.method()} ${url.pathname}${url.search}` : null;
      };
      const log = (request: Request, outcome: string) => {
        const call = describe(request);
        if (!call) return;
        const timing = request.timing();
        const took = timing.responseEnd > 0 ? `, took ${seconds(timing.responseEnd)}` : '';
        lines.push(`+${seconds(timing.startTime - started)} ${call} -> ${outcome}${took}`);
      };
      // Statuses from the response event, read at once: asking a request for its response later
      // fails once the page has closed, which a test's end may do first.
      const statuses = new WeakMap<Request, number>();
      context.on('response', (response) => statuses.set(response.request(), response.status()));
      context.on('requestfinished', (request) => log(request, String(statuses.get(request) ?? 'no answer')));
      context.on('requestfailed', (request) => log(request, request.failure()?.errorText ?? 'failed'));
      await use();
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        await testInfo.attach('api-calls', { body: lines.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };
export { provided };
