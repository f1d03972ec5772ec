/**
 * No build step edits a dependency's source or replaces its modules (docs/decisions/libraries.md):
 * every Lambda build runs through `auditedBuild` (infra/lib/bundle-settings.ts), which refuses a
 * plugin that loads a file from node_modules to change it, one that resolves a dependency to
 * something else, and an alias of a dependency. First the guard itself, with plugins that do each
 * of these; then the settings of every function the stack deploys (stacks.test.ts builds them all).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamConsumers } from '@studio/shared/platform';
import { routeGroups } from '@studio/shared/routes';
import {
  auditedBuild,
  autoApprovalEntry,
  consumerSource,
  DependencyRewriteError,
  filesWorkerEntry,
  functionBuildOptions,
  type FunctionSource,
} from '../lib/bundle-settings.ts';
import { groupEntry, repoRoot } from '../lib/paths.ts';

let dir: string;
let entry: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-audit-'));
  entry = path.join(dir, 'entry.ts');
  await writeFile(entry, "import { ulid } from 'ulid';\nexport const id = () => ulid();\n");
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function options(extra: Partial<BuildOptions>): BuildOptions {
  return {
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    mainFields: ['module', 'main'],
    // `ulid`, a small dependency of the functions, from the repository's node_modules.
    nodePaths: [path.join(repoRoot, 'node_modules')],
    ...extra,
  };
}

const rewriting: Plugin = {
  name: 'rewrites-ulid',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]ulid[\\/].*\.js$/ }, () => ({
      contents: 'export const ulid = () => "not a ulid";',
      loader: 'js',
    }));
  },
};

const replacing: Plugin = {
  name: 'replaces-ulid',
  setup(build) {
    build.onResolve({ filter: /^ulid$/ }, () => ({ path: 'ulid', namespace: 'stand-in' }));
    build.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({ contents: 'export const ulid = () => "x";' }));
  },
};

const watching: Plugin = {
  name: 'only-watches',
  setup(build) {
    // Reads what it likes and answers nothing: esbuild loads the file as it is.
    build.onLoad({ filter: /[\\/]node_modules[\\/]/ }, () => undefined);
    build.onResolve({ filter: /^ulid$/ }, () => undefined);
  },
};

describe('the guard on dependency rewrites', () => {
  it('refuses a plugin that loads a file from node_modules to change it', async () => {
    const failure = await auditedBuild(options({ plugins: [rewriting] })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DependencyRewriteError);
    expect((failure as DependencyRewriteError).rewrites).toEqual([
      { by: 'rewrites-ulid', what: expect.stringMatching(/^loaded ulid[\\/].*\.js to change it$/) },
    ]);
  });

  it('refuses a plugin that puts something else in place of a dependency', async () => {
    await expect(auditedBuild(options({ plugins: [replacing] }))).rejects.toThrow(/replaces-ulid: replaced ulid/);
  });

  it('refuses an alias of a dependency', async () => {
    await expect(auditedBuild(options({ alias: { ulid: path.join(dir, 'entry.ts') } }))).rejects.toThrow(
      /alias: ulid ->/,
    );
  });

  it('lets a plugin that changes nothing of a dependency through', async () => {
    const result = await auditedBuild(options({ plugins: [watching] }));
    expect(result.outputFiles?.[0]?.text).toContain('ulid');
  });
});

describe('the functions as the stack builds them', () => {
  const functions: [string, FunctionSource][] = [
    ...routeGroups.map((group): [string, FunctionSource] => [group, { entry: groupEntry(group), routeGroup: group }]),
    ...streamConsumers.map((consumer): [string, FunctionSource] => [consumer, consumerSource(consumer)]),
    ['files-worker', { entry: filesWorkerEntry }],
    ['auto-approval', { entry: autoApprovalEntry }],
  ];

  // Their builds themselves run in stacks.test.ts: its synthesis builds every function the stack
  // deploys through `bundleFunction`, so `auditedBuild`, and a rewrite fails it with the plugin and
  // the file. Building them here again took a quarter of a minute of a loaded machine's CPU.
  it.each(functions)('%s: has no alias in its build settings', (_name, source) => {
    const settings = functionBuildOptions(source, path.join(dir, 'out'));
    expect(settings).not.toHaveProperty('alias');
  });
});
