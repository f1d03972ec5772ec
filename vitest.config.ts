import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every suite: unit tests, the web components (jsdom), the CDK stack, and
 * the stack suite (handlers through the local gateway against the emulators, and the site in
 * headless Chromium), which starts the local stack once in its global setup.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/test/**/*.test.ts', 'functions/test/unit/**/*.test.ts', 'scripts/test/**/*.test.ts'],
        },
      },
      'web/vitest.config.ts',
      'infra/vitest.config.ts',
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['functions/test/integration/**/*.test.ts', 'web/e2e/**/*.test.ts'],
          globalSetup: ['scripts/test-setup/stack.ts'],
          // One file at a time on any machine: the files share the stack's tables, buckets and
          // inboxes, and several check lists, counters and settings that another file would
          // change meanwhile (docs/decisions/platform.md, "How `npm test` spends its time"). A browser
          // flow of 10-15 s here may take twice that on a busy machine: a minute still ends a
          // hung test.
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Each file starts a throwaway local stack of its own: fault tests break its emulators on
          // purpose, cap tests fill lists every other test reads.
          name: 'isolated',
          environment: 'node',
          include: ['functions/test/isolated/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
