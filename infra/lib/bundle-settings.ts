import { join } from 'node:path';
import type { RouteGroup } from '@studio/shared/routes';
import { repoRoot } from './paths.ts';

/*
 * How every route group's Lambda bundle is built, as plain data: the CDK stack (GroupFunction)
 * hands it to esbuild through NodejsFunction, and `npm run bench` builds the very same bundle to
 * measure its size and module init. No CDK import here, so the bench can read it cheaply.
 */

/**
 * Modules some groups load at run time that esbuild cannot bundle (native code). They stay out of
 * every bundle (`image-variants.ts` imports sharp lazily, so other groups never load it), and the
 * groups named here get them installed next to their bundle, built for the function's platform.
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

/** Everything a bundle leaves out: native modules only. The AWS SDK is bundled (pinned versions). */
export const bundleExternals: readonly string[] = [...new Set(Object.values(nativeModules).flat())];

/**
 * Module substitutions. On Lambda the role's credentials are always in the environment, so the
 * SDK's default credential chain (profiles, SSO, web identity, instance metadata, and the STS/SSO
 * clients behind them: about 100 KB minified per bundle) is replaced by an environment-only
 * provider. Only deployed bundles use it; `npm start` and the tests run the handlers unbundled
 * with the SDK's own chain (which reads the same environment variables first).
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': join(repoRoot, 'functions', 'src', 'lib', 'lambda-credentials.ts'),
};

/**
 * Substitutions for one group's bundle only (#16). documents: pdf-lib with its standard fonts and
 * zlib is 430 KB minified; its compression is Node's own zlib, it embeds no PNG, and it draws with
 * Helvetica only (docs/decisions.md, "Payments (#16)"). `functions/test/unit/documents-bundle.test.ts`
 * renders an invoice with these stand-ins.
 */
export const groupBundleAliases: Partial<Record<RouteGroup, Readonly<Record<string, string>>>> = {
  documents: {
    pako: join(repoRoot, 'functions', 'src', 'documents', 'bundle', 'pako-zlib.ts'),
    '@pdf-lib/upng': join(repoRoot, 'functions', 'src', 'documents', 'bundle', 'no-png.ts'),
    '@pdf-lib/standard-fonts': join(repoRoot, 'functions', 'src', 'documents', 'bundle', 'standard-fonts.ts'),
  },
};

/** Every substitution of a group's bundle: those of all bundles, then the group's own. */
export function bundleAliasesOf(group: RouteGroup): Record<string, string> {
  return { ...bundleAliases, ...groupBundleAliases[group] };
}

/** The esbuild settings shared by the stack and the bench. */
export const bundleSettings = {
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  // Some CommonJS dependencies call require() at run time, which an ES module lacks.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
} as const;
