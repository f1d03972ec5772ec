import { defineConfig } from 'vitest/config';

/**
 * The vitest suites: unit tests, the web components (jsdom), the CDK stack, the API suite (the
 * handlers through the local gateway against the emulators, on a local stack its global setup
 * starts once) and the isolated files (each with a stack of its own). The browser tests are
 * @playwright/test's (playwright.config.ts). `npm test` runs both runners (scripts/test-lanes.mjs).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/test/**/*.test.ts', 'functions/test/unit/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          // The files share their worker's loaded libraries (the AWS SDK, zod, pdfkit) rather than
          // each loading its own: 39 s of CPU down to 18 s, 37 s to 19 s of wall time on this 2-core
          // machine. The repository's modules and the environment are fresh for each file
          // (fresh-modules.ts), spies are put back after each test, and a file that mocks an SDK
          // client puts its class back (doctor.test.ts); the files pass in any order
          // (`--sequence.shuffle.files`).
          isolate: false,
          setupFiles: ['scripts/test-setup/fresh-modules.ts'],
          restoreMocks: true,
        },
      },
      'web/vitest.config.ts',
      'infra/vitest.config.ts',
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['functions/test/integration/**/*.test.ts'],
          globalSetup: ['scripts/test-setup/stack.ts'],
          // One file at a time on any machine: the files share the stack's tables, buckets and
          // inboxes, and several check lists, counters and settings that another file would
          // change meanwhile (docs/decisions/platform.md, "How `npm test` spends its time"). A test of a
          // few seconds here may take several times that on a busy machine: a minute still ends a
          // hung test.
          maxWorkers: 1,
          // The files one after another in one worker, the libraries loaded once: 244 s of CPU
          // instead of 307 s on this 2-core machine. The repository's modules and the environment
          // are fresh for each file (scripts/test-setup/fresh-modules.ts).
          isolate: false,
          setupFiles: ['scripts/test-setup/fresh-modules.ts'],
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
          // Its stack is still each file's own, but the files share their worker's loaded libraries:
          // the repository's modules, the handlers among them, are loaded fresh for each file
          // (fresh-modules.ts), so no handler keeps a stopped stack's settings. 134 s of CPU down
          // to 102 s, 125 s to 100 s of wall time, alone on this idle 2-core machine.
          isolate: false,
          setupFiles: ['scripts/test-setup/fresh-modules.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
