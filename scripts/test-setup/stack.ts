/**
 * Global setup of the stack suite (vitest's `stack` project): the handlers through the local
 * gateway, and the site in headless Chromium, against a throwaway local stack (./suite-stack.ts).
 */
import type { TestProject } from 'vitest/node';
import { publishSuiteContext, type SuiteContext } from './suite-context.ts';
import { startSuiteStack, type SuiteStack } from './suite-stack.ts';
import './provided-context.ts';

let suite: SuiteStack | undefined;

export async function setup(project: TestProject) {
  suite = await startSuiteStack({ site: true });
  // For the helpers that read the environment rather than `inject` (./suite-context.ts).
  publishSuiteContext(suite.context);
  for (const [key, value] of Object.entries(suite.context)) {
    project.provide(key as keyof SuiteContext, value as never);
  }
}

export async function teardown() {
  await suite?.stop();
}
