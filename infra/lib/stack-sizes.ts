import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** CloudFormation refuses a template of more than 500 resources. */
export const cloudFormationResourceLimit = 500;

/**
 * The most resources the app stack may hold (issue 37): it grows with every route group and route,
 * so it keeps 180 of CloudFormation's 500 free for the features to come; the workers are in a stack
 * of their own for that reason (workers-stack.ts). 300 until #34's routes took the fullest form to
 * 301 (docs/decisions/deployment.md): the next route groups go to a stack of their own. The infra
 * tests and `npm run synth` check it.
 */
export const appStackResourceLimit = 320;

export interface StackSize {
  readonly stackName: string;
  readonly region: string | undefined;
  readonly resources: number;
}

interface Manifest {
  artifacts?: Record<
    string,
    { type: string; environment?: string; properties?: { templateFile?: string; stackName?: string } }
  >;
}

/** The resources of every stack of a synthesized cloud assembly (`cdk.out`), in its order. */
export function stackSizes(assemblyDir: string): StackSize[] {
  const manifest = JSON.parse(readFileSync(join(assemblyDir, 'manifest.json'), 'utf8')) as Manifest;
  return Object.entries(manifest.artifacts ?? {})
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack' && artifact.properties?.templateFile)
    .map(([id, artifact]) => {
      const template = JSON.parse(readFileSync(join(assemblyDir, artifact.properties!.templateFile!), 'utf8')) as {
        Resources?: Record<string, unknown>;
      };
      const region = artifact.environment?.split('/').at(-1);
      return {
        stackName: artifact.properties?.stackName ?? id,
        region: region && region !== 'unknown-region' ? region : undefined,
        resources: Object.keys(template.Resources ?? {}).length,
      };
    });
}

/** The limit a stack is held to: the app stack's, else CloudFormation's. */
export const resourceLimitOf = (stackName: string): number =>
  stackName.endsWith('-App') ? appStackResourceLimit : cloudFormationResourceLimit;
