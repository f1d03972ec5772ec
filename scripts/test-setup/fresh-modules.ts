/**
 * A setup file of the suites whose files share one worker (`isolate: false`). After each file:
 * the repository's own modules are dropped, so the next file loads them fresh (their state, such
 * as a data module's cached client or a helper's signed-in token, is one file's), while the
 * libraries under node_modules (the AWS SDK, zod) stay loaded, since loading those again for every
 * file is what isolation costs; and the environment is put back as the file found it (a file that
 * runs handlers sets their variables, and one that tests the deployed configuration sets others).
 */
import { afterAll, vi } from 'vitest';

const environment = { ...process.env };

afterAll(() => {
  vi.resetModules();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
