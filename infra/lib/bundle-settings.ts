import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import type { RouteGroup } from '@studio/shared/routes';
import type { StreamConsumerName } from '@studio/shared/platform';
import {
  groupRouteTable,
  publicReadsRouteTable,
  sdkPackageJsonVersionOnly,
  sdkSchemaTreeShaking,
  sigV4aWithNodeCrypto,
  stripeResourcesOnly,
} from './bundle-plugins.ts';
import { consumerEntry, groupEntry, repoRoot } from './paths.ts';

/*
 * How every Lambda bundle is built, in one place: the CDK stack (`bundledCode`, through
 * infra/bin/bundle-function.ts), `npm run bench` and the deployed-bundle test all call
 * `bundleFunction` (`bundleGroup` for a route group), so what is measured and tested is what is
 * deployed. A function that serves no route (a stream consumer, a worker) is built the same way,
 * without the per-group route table. No CDK import here, so the bench can read it cheaply.
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

/** Auto-approval (issue 17): approves deliveries the client did not answer in time, on a schedule. */
export const autoApprovalEntry = join(repoRoot, 'functions', 'src', 'workers', 'auto-approval.ts');

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
 * Module substitutions. On Lambda the role's credentials are always in the environment, so the
 * SDK's default credential chain (profiles, SSO, web identity, instance metadata, and the STS/SSO
 * clients behind them: about 100 KB minified per bundle) is replaced by an environment-only
 * provider. Only deployed bundles use it; `npm start` and the tests run the handlers unbundled
 * with the SDK's own chain (which reads the same environment variables first).
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': join(repoRoot, 'functions', 'src', 'lib', 'lambda-credentials.ts'),
  // The endpoint-discovery cache of every DynamoDB client: a Map-based LRU (7 KB less per bundle).
  'mnemonist/lru-cache': join(repoRoot, 'functions', 'src', 'lib', 'lru-cache.ts'),
};

/**
 * The resources of the `stripe` SDK the payments handlers call (files under `stripe/esm/resources`):
 * `checkout.sessions` (start-checkout.ts) and `refunds` (refund-job.ts); the webhook's signature
 * check is not a resource. Every other resource is an empty class in the payments bundle
 * (`stripeResourcesOnly`, bundle-plugins.ts); `functions/test/unit/stripe-resources.test.ts` fails
 * when a handler calls one not listed here.
 */
export const stripeResourcesCalled: readonly string[] = ['Checkout/Sessions.js', 'Refunds.js'];

/** esbuild plugins for one group's bundle only (the payments group's stripe resources). */
function groupBundlePlugins(group: RouteGroup): Plugin[] {
  return group === 'payments' ? [stripeResourcesOnly(stripeResourcesCalled)] : [];
}

/** The file Lambda loads (`index.handler`); source maps sit next to it as `index.mjs.map`. */
export const bundleEntryFile = 'index.mjs';

/** What to bundle: a handler module, and for a route group's handler, its group. */
export interface FunctionSource {
  /** The handler module, absolute (for a route group: `groupEntry(group)`). */
  entry: string;
  /** The route group the handler serves: its bundle then gets that group's routes only. */
  routeGroup?: RouteGroup;
  /**
   * For a function that serves no route but runs the public reads (the site publisher): its
   * bundle gets the route table's public GET routes only.
   */
  publicReadsOnly?: boolean;
}

/** A stream consumer's source: the site publisher runs the public reads, the notifier no route. */
export function consumerSource(consumer: StreamConsumerName): FunctionSource {
  return { entry: consumerEntry(consumer), ...(consumer === 'publisher' ? { publicReadsOnly: true } : {}) };
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
    minify: true,
    legalComments: 'none',
    external: [...bundleExternals],
    alias: { ...bundleAliases },
    // What lets esbuild leave out the parts of the SDK and of the route table a group never uses.
    plugins: [
      sdkSchemaTreeShaking(),
      sdkPackageJsonVersionOnly(),
      sigV4aWithNodeCrypto(),
      ...(source.routeGroup ? [groupRouteTable(source.routeGroup), ...groupBundlePlugins(source.routeGroup)] : []),
      ...(source.publicReadsOnly ? [publicReadsRouteTable()] : []),
    ],
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
  metafile: Metafile;
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
  const result = await build(functionBuildOptions(source, outdir, options));
  const files = await javascriptFiles(outdir);
  return {
    outdir,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    initBytes: initPathBytes(result.metafile),
    metafile: result.metafile,
  };
}

/** A route group's bundle: `functions/src/<group>/handler.ts` with the group's routes only. */
export function bundleGroup(group: RouteGroup, outdir: string, options: { sourcemap?: boolean } = {}) {
  return bundleFunction({ entry: groupEntry(group), routeGroup: group }, outdir, options);
}

/** Bytes of the entry and of every chunk reachable from it by static imports. */
function initPathBytes(metafile: Metafile): number {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint !== undefined);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !outputs[file]) return;
    seen.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  if (entry) visit(entry);
  return [...seen].reduce((sum, file) => sum + outputs[file]!.bytes, 0);
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
