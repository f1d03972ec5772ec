import { isAbsolute, sep } from 'node:path';
import type {
  BuildOptions,
  OnLoadArgs,
  OnLoadResult,
  OnResolveArgs,
  OnResolveResult,
  Plugin,
  PluginBuild,
} from 'esbuild';

/*
 * The guard behind "no build step edits a dependency's source or replaces its modules"
 * (docs/decisions/libraries.md). A bundle is built from the dependencies exactly as npm installed
 * them; what a build may do to them is what esbuild does to any module (tree-shake, minify, split,
 * leave external). Every Lambda build runs its plugins through `auditedPlugins`, which watches
 * what each plugin does while the build runs, and `dependencyRewrites` lists:
 *   - a plugin's onLoad answering with its own contents for a file under node_modules (a rewrite
 *     of the dependency's source, however small);
 *   - a plugin's onResolve sending an import of a dependency (a bare specifier) anywhere but
 *     external, which replaces that module with something else;
 *   - an `alias` of a dependency, which does the same without a plugin.
 * Our own workspace packages (`@studio/*`) are not dependencies in this sense. The Lambda builds
 * have no plugins today; a plugin added later is watched all the same.
 */

/** One change a build made to a dependency: which plugin (or alias), and what it touched. */
export interface DependencyRewrite {
  by: string;
  what: string;
}

const ownPackages = /^@studio\//;

function inNodeModules(path: string): boolean {
  return path.split(/[\\/]/).includes('node_modules');
}

/** A bare specifier (`stripe`, `@aws-sdk/client-s3/...`): a package, not a file. */
function isPackageImport(specifier: string): boolean {
  return !specifier.startsWith('.') && !isAbsolute(specifier) && !specifier.startsWith('node:');
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Whether a resolution lands in the package's own files (a plugin may find them itself). */
function isOwnFile(name: string, result: OnResolveResult): boolean {
  if (result.path === undefined) return result.namespace === undefined;
  if (result.namespace !== undefined && result.namespace !== 'file') return false;
  return result.path.split(sep).join('/').includes(`/node_modules/${name}/`);
}

/** The aliases of `options` that replace a dependency's module. */
export function aliasRewrites(options: Pick<BuildOptions, 'alias'>): DependencyRewrite[] {
  return Object.entries(options.alias ?? {})
    .filter(([specifier]) => !ownPackages.test(specifier))
    .map(([specifier, target]) => ({ by: 'alias', what: `${specifier} -> ${target}` }));
}

/**
 * `plugins`, each wrapped so that what it does to dependencies is written to `found`. The plugins
 * behave exactly as before: the wrapper only looks at the answers of their callbacks.
 */
export function auditedPlugins(plugins: readonly Plugin[], found: DependencyRewrite[]): Plugin[] {
  return plugins.map((plugin) => ({
    name: plugin.name,
    setup(build) {
      const watched: PluginBuild = Object.create(build) as PluginBuild;
      watched.onLoad = (options, callback) =>
        build.onLoad(options, async (args: OnLoadArgs): Promise<OnLoadResult | null | undefined> => {
          const result = await callback(args);
          if (result?.contents !== undefined && inNodeModules(args.path)) {
            found.push({ by: plugin.name, what: `loaded ${args.path.split(`node_modules${sep}`).pop()} to change it` });
          }
          return result;
        });
      watched.onResolve = (options, callback) =>
        build.onResolve(options, async (args: OnResolveArgs): Promise<OnResolveResult | null | undefined> => {
          const result = await callback(args);
          const replaces =
            result &&
            !result.external &&
            isPackageImport(args.path) &&
            !ownPackages.test(args.path) &&
            !isOwnFile(packageName(args.path), result);
          if (replaces) found.push({ by: plugin.name, what: `replaced ${packageName(args.path)} (${args.path})` });
          return result;
        });
      return plugin.setup(watched);
    },
  }));
}
