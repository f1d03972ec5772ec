import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import type { FunctionSource } from '../bundle-settings.ts';
import { repoRoot } from '../paths.ts';

/** A function's code: its handler module (and route group), and the native modules it loads. */
export interface FunctionCode extends FunctionSource {
  /** Installed next to the bundle for linux-arm64 (and listed in bundle-settings.ts's externals). */
  readonly nativeModules?: readonly string[];
}

/**
 * Builds the code on this machine (no Docker) with infra/bin/bundle-function.ts, which runs
 * `bundleFunction` (infra/lib/bundle-settings.ts): the very build the bench measures and the
 * deployed-bundle test runs. `code` is a property so that it is part of CDK's asset cache key.
 */
class LocalBundling implements ILocalBundling {
  constructor(readonly code: FunctionCode) {}

  tryBundle(outputDir: string): boolean {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'infra', 'bin', 'bundle-function.ts'), JSON.stringify(this.code), outputDir],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return true;
  }
}

/**
 * The code of a Lambda function built the one way every function here is built: esbuild's API,
 * with the plugins and settings of bundle-settings.ts (which NodejsFunction's command line cannot
 * run). Its handler is `index.handler`. Use it for every function, route group or not, so that each
 * bundle gets the same cuts and the bench's figures hold for it.
 */
export function bundledCode(code: FunctionCode): Code {
  return Code.fromAsset(repoRoot, {
    // The asset is named by a hash of what the build wrote.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: new LocalBundling(code),
      // Required by CDK, never used: local bundling never declines (it fails the synth instead).
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
    },
  });
}
