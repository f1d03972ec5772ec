/**
 * Prints the resources of each synthesized stack against its limit (the app stack's: 300, see
 * lib/stack-sizes.ts); `npm run synth` runs it after `cdk synth`. On its own:
 *   node --import tsx infra/bin/stack-sizes.ts [infra/cdk.out]
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../lib/paths.ts';
import { resourceLimitOf, stackSizes } from '../lib/stack-sizes.ts';

/** Prints the table; false when a stack is over its limit. */
export function printStackSizes(assemblyDir: string): boolean {
  const sizes = stackSizes(assemblyDir);
  const width = Math.max(...sizes.map((size) => size.stackName.length));
  let within = true;
  console.log('Resources per stack (CloudFormation allows 500 in one stack):');
  for (const size of sizes) {
    const limit = resourceLimitOf(size.stackName);
    const over = size.resources > limit;
    within &&= !over;
    console.log(
      `  ${size.stackName.padEnd(width)}  ${String(size.resources).padStart(3)} of ${limit}  ${size.region ?? ''}${over ? '  OVER ITS LIMIT' : ''}`,
    );
  }
  return within;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!printStackSizes(process.argv[2] ?? join(repoRoot, 'infra', 'cdk.out'))) process.exit(1);
}
