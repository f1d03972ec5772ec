/**
 * Global setup of the API suite (vitest's `stack` project): the handlers through the local
 * gateway against a throwaway local stack of its own (./suite-stack.ts). The browser suite starts
 * another in Playwright's global setup (web/e2e/global-setup.ts).
 */
import type { TestProject } from 'vitest/node';
import { publishSuiteContext, type SuiteContext } from './suite-context.ts';
import { startSuiteStack, type SuiteStack } from './suite-stack.ts';
import './provided-context.ts';

let suite: SuiteStack | undefined;

export async function setup(project: TestProject) {
  suite = await startSuiteStack({ site: false });
  // For the helpers shared with the browser suite (they read the environment, not `inject`).
  publishSuiteContext(suite.context);
  for (const [key, value] of Object.entries(suite.context)) {
    project.provide(key as keyof SuiteContext, value as never);
  }
}

export async function teardown() {
  await suite?.stop();
}
