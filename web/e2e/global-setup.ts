/**
 * Global setup of the browser suite: one throwaway local stack with the site's production build
 * and the Vite dev server (scripts/test-setup/suite-stack.ts), started once for every test file
 * and project. Its endpoints reach the workers through the environment (`provided()`); the
 * function returned stops it all when the run ends.
 */
import { publishSuiteContext } from '../../scripts/test-setup/suite-context.ts';
import { startSuiteStack } from '../../scripts/test-setup/suite-stack.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const suite = await startSuiteStack({ site: true });
  publishSuiteContext(suite.context);
  return () => suite.stop();
}
