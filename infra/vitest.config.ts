import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Rooted at the repo root, so the same glob works for `vitest --config infra/vitest.config.ts` and
// for this file listed in the root config's `projects`. It must be `test.root`: a project file is
// loaded with an inline root (its own folder) that overrides a top-level `root`.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineProject({
  test: {
    name: 'infra',
    root: repoRoot,
    environment: 'node',
    include: ['infra/test/**/*.test.ts'],
    // One full synth (esbuild bundling of every route group) runs in a beforeAll.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
