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
    // The files share their worker's aws-cdk-lib, loaded once rather than once per file; the
    // repository's modules are fresh for each file (scripts/test-setup/fresh-modules.ts). 80 s of
    // CPU down to 50 s, 70 s to 55 s of wall time, alone on this idle 2-core machine.
    isolate: false,
    setupFiles: ['scripts/test-setup/fresh-modules.ts'],
    // One full synth (esbuild bundling of every function, 27 of them) runs in a beforeAll: about a
    // minute on an idle 2-core machine, and over three while `npm test`'s other two lanes run
    // beside it (195 s seen). The bound only ends a hung synthesis; its time is not under test.
    testTimeout: 120_000,
    hookTimeout: 420_000,
  },
});
