/**
 * `npm run synth`: `cdk synth --quiet` with the arguments given (`-- -c stage=staging ...`), then
 * the resources of each stack against its limit (stack-sizes.ts), failing when one is over it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.ts';
import { printStackSizes } from './stack-sizes.ts';

const cdk = join(repoRoot, 'node_modules', '.bin', 'cdk');
const synth = spawnSync(cdk, ['synth', '--quiet', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
});
if (synth.status !== 0) process.exit(synth.status ?? 1);
if (!printStackSizes(join(repoRoot, 'infra', 'cdk.out'))) process.exit(1);
