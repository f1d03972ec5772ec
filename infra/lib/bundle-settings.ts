import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { build, type BuildOptions, type BuildResult, type Metafile } from 'esbuild';
import type { RouteGroup } from '@studio/shared/routes';
import type { StreamConsumerName } from '@studio/shared/platform';
import { aliasRewrites, auditedPlugins, type DependencyRewrite } from './bundle-audit.ts';
import { consumerEntry, groupEntry, repoRoot } from './paths.ts';

/*
 * How every Lambda bundle is built, in one place: the CDK stack (`bundledCode`, through
 * infra/bin/bundle-function.ts), `npm run bench` and the deployed-bundle test all call
 * `bundleFunction` (`bundleGroup` for a route group), so what is measured and tested is what is
 * deployed. A function that serves no route (a stream consumer, a worker) is built the same way,
 * without the per-group route table. No CDK import here, so the bench can read it cheaply.
 *
 * The settings are esbuild's ordinary ones: bundle, minify, tree-shake, split lazy imports into
 * chunks, leave native modules external. Dependencies go in as npm installed them: no plugin or
 * alias edits or replaces a dependency's module, and a build that would is refused
 * (bundle-audit.ts; docs/decisions/libraries.md).
 */

/**
 * Modules some groups load at run time that esbuild cannot bundle (native code). They stay out of
 * every bundle (`image-variants.ts` imports sharp lazily, so other groups never load it), and the
 * groups named here get them installed next to their bundle, built for the function's platform.
 * A function outside the route groups that needs one lists it here too, so that it stays external.
 */
export const nativeModules: Partial<Record<RouteGroup, readonly string[]>> = {
  images: ['sharp'],
  // Confirming a client's photo makes its preview (issue 15).
  uploads: ['sharp'],
};

/** The files worker (issue 15): archives and keeping a job's photos, run in the background. */
export const filesWorkerEntry = join(repoRoot, 'functions', 'src', 'workers', 'files-worker.ts');

/** Webhooks (#36): the delivery worker on the queue, and the dispatcher on the table's stream. */
export const webhookWorkerEntry = join(repoRoot, 'functions', 'src', 'webhooks', 'worker.ts');
export const webhookDispatcherEntry = join(repoRoot, 'functions', 'src', 'webhooks', 'dispatcher.ts');

/** Auto-approval (issue 17): approves deliveries the client did not answer in time, on a schedule. */
export const autoApprovalEntry = join(repoRoot, 'functions', 'src', 'workers', 'auto-approval.ts');
/** The HTTP API's Lambda authorizer (#36): Cognito tokens and organisations' API keys. */
export const authorizerEntry = join(repoRoot, 'functions', 'src', 'authorizer', 'handler.ts');

/**
 * The user pool's pre token generation trigger (#32): the access tokens of an account with two-step
 * sign-in cannot manage its second factor (functions/src/triggers/pre-token-generation.ts).
 */
export const preTokenGenerationEntry = join(repoRoot, 'functions', 'src', 'triggers', 'pre-token-generation.ts');

/**
 * Modules no bundle carries, each for a reason: native modules (installed next to the bundle
 * instead), and `bowser`, a browser-detection library that only the SDK's browser user agent
 * loads (`import("bowser")` in code Node never runs): with code splitting esbuild would still
 * write it out as a 33 KB chunk. The AWS SDK itself is bundled (pinned versions).
 */
export const bundleExternals: readonly string[] = [...new Set(Object.values(nativeModules).flat()), 'bowser'];

/**
 * Files of npm packages a function reads at run time rather than imports (the invoice's fonts),
 * copied next to its bundle at the same place in a `node_modules` folder, with the package's
 * manifest and licence files: the code finds them the same way bundled or not
 * (functions/src/documents/fonts.ts). The other files of those packages are not shipped.
 */
export const packageFiles: Partial<Record<RouteGroup, readonly { package: string; files: readonly string[] }[]>> = {
  documents: [
    {
      package: '@expo-google-fonts/noto-sans',
      files: ['400Regular/NotoSans_400Regular.ttf', '700Bold/NotoSans_700Bold.ttf'],
    },
    { package: '@embedpdf/fonts-sc', files: ['fonts/NotoSansHans-Regular.otf'] },
  ],
};

/** A package's manifest and licence files, which travel with any file of it that ships. */
const packageDocuments = ['package.json', 'LICENSE', 'LICENSE_FONT', 'OFL.txt'];

/** The file Lambda loads (`index.handler`); source maps sit next to it as `index.mjs.map`. */
export const bundleEntryFile = 'index.mjs';

/** What to bundle: a handler module, and for a route group's handler, its group. */
export interface FunctionSource {
  /** The handler module, absolute (for a route group: `groupEntry(group)`). */
  entry: string;
  /**
   * The route group the handler serves (its handler imports that group's routes only), and so the
   * group's `packageFiles`.
   */
  routeGroup?: RouteGroup;
}

/** A stream consumer's source. */
export function consumerSource(consumer: StreamConsumerName): FunctionSource {
  return { entry: consumerEntry(consumer) };
}

/** The esbuild options of one function's bundle, written to `outdir`. */
export function functionBuildOptions(source: FunctionSource, outdir: string, options: { sourcemap?: boolean } = {}) {
  return {
    entryPoints: { index: source.entry },
    outdir,
    // Paths in the metafile (what `npm run bench -- --why` reads) are relative to the repository.
    absWorkingDir: repoRoot,
    outExtension: { '.js': '.mjs' },
    // `await import()` of a module (functions/src/lib/lazy.ts) makes it a chunk of its own, loaded
    // by the first request that needs it instead of at every cold start. Chunks ship in the same
    // zip, so a bundle's size is all of its files (FunctionBundle.bytes).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // The SDK's ES module builds (dist-es), which tree-shake; CommonJS (dist-cjs) would not.
    mainFields: ['module', 'main'],
    // `#tracing` is X-Ray's in the bundles (functions/package.json's `imports`), no tracing elsewhere.
    conditions: ['lambda'],
    minify: true,
    legalComments: 'none',
    external: [...bundleExternals],
    // No plugins: each handler imports its own group's routes only, and no dependency is edited.
    // Some CommonJS dependencies call require() at run time, which an ES module lacks.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    // Stack traces map to file and line (NODE_OPTIONS=--enable-source-maps); the sources themselves
    // need not ship. Maps are separate files and never part of a bundle's size.
    ...(options.sourcemap ? { sourcemap: 'linked', sourcesContent: false } : {}),
    metafile: true,
    logLevel: 'warning',
  } satisfies BuildOptions;
}

/** A built bundle: its JavaScript files (source maps left out) and esbuild's account of them. */
export interface FunctionBundle {
  outdir: string;
  /** The JavaScript files, relative to outdir, with their sizes: what Lambda may load. */
  files: { file: string; bytes: number }[];
  /** The sum of `files`: the one figure the size budget is about. */
  bytes: number;
  /** What a cold start loads: the entry and the chunks it imports statically (not the lazy ones). */
  initBytes: number;
  /** The chunks loaded on first use (a dynamic `import()`), with their sizes: not part of `initBytes`. */
  lazyChunks: { file: string; bytes: number }[];
  /** The packages (`@aws-sdk/client-s3`, `stripe`, ...) with code on the cold-start path. */
  initPackages: string[];
  /** Package files shipped next to the bundle (`packageFiles`), relative to outdir: read, not loaded. */
  packageFiles: string[];
  metafile: Metafile;
}

/** Thrown when a build would edit or replace a dependency's module (see bundle-audit.ts). */
export class DependencyRewriteError extends Error {
  constructor(readonly rewrites: DependencyRewrite[]) {
    super(
      `The bundle build changes dependencies, which it must not (docs/decisions/libraries.md):\n${rewrites
        .map((rewrite) => `- ${rewrite.by}: ${rewrite.what}`)
        .join('\n')}`,
    );
    this.name = 'DependencyRewriteError';
  }
}

/**
 * Runs esbuild with `options`, watching its plugins and aliases: a build that edits or replaces a
 * dependency's module fails with `DependencyRewriteError`, whatever it was going to write.
 */
export async function auditedBuild<T extends BuildOptions>(options: T): Promise<BuildResult<T>> {
  const rewrites = aliasRewrites(options);
  if (rewrites.length > 0) throw new DependencyRewriteError(rewrites);
  const audited: BuildOptions = { ...options, plugins: auditedPlugins(options.plugins ?? [], rewrites) };
  const result = (await build(audited)) as BuildResult<T>;
  if (rewrites.length > 0) throw new DependencyRewriteError(rewrites);
  return result;
}

async function javascriptFiles(dir: string, prefix = ''): Promise<{ file: string; bytes: number }[]> {
  const found: { file: string; bytes: number }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...(await javascriptFiles(join(dir, entry.name), file)));
    } else if (/\.(mjs|cjs|js)$/.test(entry.name)) {
      found.push({ file, bytes: (await stat(join(dir, entry.name))).size });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

/** Builds one function's bundle into `outdir` (which should be empty) as the stack deploys it. */
export async function bundleFunction(
  source: FunctionSource,
  outdir: string,
  options: { sourcemap?: boolean } = {},
): Promise<FunctionBundle> {
  const result = await auditedBuild(functionBuildOptions(source, outdir, options));
  const files = await javascriptFiles(outdir);
  const initFiles = initPath(result.metafile);
  const outputs = result.metafile.outputs;
  return {
    outdir,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    initBytes: [...initFiles].reduce((sum, file) => sum + outputs[file]!.bytes, 0),
    lazyChunks: Object.keys(outputs)
      .filter((file) => file.endsWith('.mjs') && !initFiles.has(file))
      .map((file) => ({ file: file.slice(file.lastIndexOf('chunks/')), bytes: outputs[file]!.bytes }))
      .sort((a, b) => b.bytes - a.bytes),
    initPackages: packagesOf(initFiles, result.metafile),
    packageFiles: await copyPackageFiles(source.routeGroup ? (packageFiles[source.routeGroup] ?? []) : [], outdir),
    metafile: result.metafile,
  };
}

/** The packages whose modules went into `files` (outputs of `metafile`), by name, sorted. */
function packagesOf(files: Set<string>, metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const file of files) {
    for (const input of Object.keys(metafile.outputs[file]?.inputs ?? {})) {
      const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) names.add(match[1]!);
    }
  }
  return [...names].sort();
}

/** Copies package files into `outdir/node_modules`, as `packageFiles` describes; their paths. */
async function copyPackageFiles(
  wanted: readonly { package: string; files: readonly string[] }[],
  outdir: string,
): Promise<string[]> {
  const copied: string[] = [];
  for (const { package: name, files } of wanted) {
    const from = join(repoRoot, 'node_modules', name);
    const documents = (await readdir(from)).filter((file) => packageDocuments.includes(file));
    for (const file of [...documents, ...files]) {
      const target = join('node_modules', name, file);
      await mkdir(dirname(join(outdir, target)), { recursive: true });
      await copyFile(join(from, file), join(outdir, target));
      copied.push(target.split('\\').join('/'));
    }
  }
  return copied;
}

/** A route group's bundle: `functions/src/<group>/handler.ts` with the group's routes only. */
export function bundleGroup(group: RouteGroup, outdir: string, options: { sourcemap?: boolean } = {}) {
  return bundleFunction({ entry: groupEntry(group), routeGroup: group }, outdir, options);
}

/**
 * The entry and every chunk reachable from it by static imports: what a cold start loads. The
 * entry is found by its name: with code splitting, esbuild marks every chunk a dynamic `import()`
 * loads as an entry point too.
 */
function initPath(metafile: Metafile): Set<string> {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => file === bundleEntryFile || file.endsWith(`/${bundleEntryFile}`));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !outputs[file]) return;
    seen.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  if (entry) visit(entry);
  return seen;
}

/** `name@version` as functions/package.json pins it, so Lambda runs what the tests ran. */
function pinnedSpec(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'functions', 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const version = manifest.dependencies?.[name];
  if (!version) throw new Error(`functions/package.json does not depend on ${name}`);
  return `${name}@${version}`;
}

/**
 * Installs native modules (for a route group: `nativeModules[group]`) next to a bundle: npm picks
 * the linux-arm64 prebuilt binaries, whatever machine synthesizes the stack.
 */
export function installNativeModules(modules: readonly string[], outdir: string): void {
  if (modules.length === 0) return;
  execFileSync(
    'npm',
    [
      'install',
      ...['--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--omit=dev'],
      ...['--os=linux', '--cpu=arm64', '--libc=glibc'],
      '--prefix',
      outdir,
      ...modules.map(pinnedSpec),
    ],
    { cwd: outdir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
