/**
 * The browser suite's `test` and `expect`: @playwright/test's, with every page's relative URL
 * resolved against the suite's production build (`page.goto('/faq')`), contexts made with
 * `browser.newContext()` included.
 */
import { test as base, expect } from '@playwright/test';
import { provided } from '../../scripts/test-setup/suite-context.ts';

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(provided('siteUrl')),
});

export { expect };
export { provided };
