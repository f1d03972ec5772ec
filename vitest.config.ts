import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every suite: unit tests, the web components (jsdom), the CDK stack, and
 * the stack suite (handlers through the local gateway against the emulators, and the site in
 * headless Chromium), which starts the local stack once in its global setup.
 */
export default defineConfig({
  test: {
    // Vitest's default for a run is one file at a time on a 2-core machine (cores - 1), and the
    // stack suite's files spend much of their time waiting on other processes (the emulators,
    // Chromium, the local gateway in the main process). One file per core, and at least two:
    // on 2 cores the whole run took 616 s instead of 834 s; three at a time gained nothing more
    // (623 s).
    maxWorkers: Math.max(2, availableParallelism()),
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
          // Two files at a time share two cores: a browser flow of 10-15 s alone may take twice
          // that beside another. A minute still ends a hung test.
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
