import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { routeTablePlugin } from './build/route-table-plugin.ts';

// Rooted at the repo root, so the same globs work for `vitest --config web/vitest.config.ts` run from
// the root and for this file listed in the root config's `projects`. It must be `test.root`: a
// project file is loaded with an inline root (its own folder) that overrides a top-level `root`.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineProject({
  plugins: [react(), routeTablePlugin()],
  test: {
    name: 'web',
    root: repoRoot,
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['scripts/test-setup/fresh-modules.ts', 'web/src/testing/setup-tests.ts'],
    // The files share one worker's jsdom and its loaded libraries (React, the router, testing-library)
    // rather than each setting up its own: 130 s of CPU down to 27 s on this 2-core machine. The
    // app's own modules are still fresh for each file, and the document is emptied between files
    // (the two setup files); the files pass in any order (`--sequence.shuffle.files`).
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
    // Route tests render whole pages with lazy chunks; on a loaded two-core machine (other suites
    // running) one took over 5 s. A bound by time, not a measure of speed.
    testTimeout: 30_000,
  },
});
