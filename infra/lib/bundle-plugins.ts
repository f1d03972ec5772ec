import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import type { RouteDefinition, RouteGroup } from '@studio/shared/routes';
import { repoRoot } from './paths.ts';

/*
 * esbuild plugins every route group's bundle is built with (bundle-settings.ts). Each one changes
 * only how much of a module esbuild can leave out, never what the kept code does; `npm run bench --
 * --only lambda --why <group>` shows what is left.
 */

/**
 * The AWS SDK's generated schema modules (`@aws-sdk/client-<service>/dist-es/schemas/schemas_0.js`)
 * declare every operation and shape of the service as a top-level array, with traits written as
 * computed keys over module constants: `{ [_h]: ["GET", "/{Key+}", 200] }`. esbuild cannot tell that
 * evaluating `[_h]` has no side effect, so it keeps every declaration, used or not: all ~110
 * operations of S3 (about 56 KB minified) in a bundle that sends four. Writing each constant's
 * string in its place (`{ ["http"]: ... }`, the same object) lets esbuild drop what no command uses.
 */
export function sdkSchemaTreeShaking(): Plugin {
  return {
    name: 'sdk-schema-tree-shaking',
    setup(build) {
      build.onLoad(
        { filter: /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/ },
        async (args) => {
          const source = await readFile(args.path, 'utf8');
          const strings = new Map<string, string>();
          for (const [, name, literal] of source.matchAll(/^const (_\w+) = ("[^"\\\n]*");$/gm)) {
            strings.set(name!, literal!);
          }
          // Only keys in object literals (after `{` or `,`), and only names bound to a string constant.
          const contents = source.replace(/([{,]\s*)\[(_\w+)\]:/g, (match, before: string, name: string) => {
            const literal = strings.get(name);
            return literal === undefined ? match : `${before}[${literal}]:`;
          });
          return { contents, loader: 'js' };
        },
      );
    },
  };
}

/**
 * Each SDK client imports its whole package.json for one field, `version` (the user agent), and
 * esbuild keeps a default-imported JSON file whole: 2 KB of scripts and dependency lists per
 * client. Only `name` and `version` are kept.
 */
export function sdkPackageJsonVersionOnly(): Plugin {
  return {
    name: 'sdk-package-json-version-only',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]@aws-sdk[\\/][^\\/]+[\\/]package\.json$/ }, async (args) => {
        const { name, version } = JSON.parse(await readFile(args.path, 'utf8')) as { name: string; version: string };
        return { contents: JSON.stringify({ name, version }), loader: 'json' };
      });
    },
  };
}

/**
 * The SDK's SigV4A signer (`@smithy/signature-v4a`, which the CloudFront KeyValueStore API needs)
 * signs with a JavaScript copy of an elliptic-curve library: 34 KB minified of the site
 * publisher's bundle. Node's crypto does the same ECDSA P-256 signature over SHA-256, so the
 * signer's `getSignature` is pointed at `functions/src/lib/p256-signature.ts`, and the library is
 * left out. The rest of the signer (key derivation, canonical request) is the SDK's own. The build
 * fails if the signer's source no longer looks as expected, rather than bundle it unchanged
 * silently; infra/test/bundle-plugins.test.ts checks a patched signature against the SDK's.
 */
export function sigV4aWithNodeCrypto(): Plugin {
  const signer = join(repoRoot, 'functions', 'src', 'lib', 'p256-signature.ts');
  return {
    name: 'sigv4a-with-node-crypto',
    setup(build) {
      build.onLoad({ filter: /[\\/]@smithy[\\/]signature-v4a[\\/]dist-es[\\/]SignatureV4a\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const library = 'import { Ec } from "./elliptic/Ec";';
        const method = /async getSignature\(privateKey, stringToSign\) \{\n[\s\S]*?\n {4}\}\n/;
        if (!source.includes(library) || !method.test(source)) {
          throw new Error(`${args.path} changed: update sigV4aWithNodeCrypto (infra/lib/bundle-plugins.ts)`);
        }
        const contents = source
          .replace(library, `import { signP256Sha256 } from ${JSON.stringify(signer)};`)
          .replace(
            method,
            'async getSignature(privateKey, stringToSign) {\n        return signP256Sha256(privateKey, stringToSign);\n    }\n',
          );
        return { contents, loader: 'js' };
      });
    },
  };
}

const sharedSrc = join(repoRoot, 'shared', 'src');
const routesFile = join(sharedSrc, 'routes.ts');

/** Where each schema object of the route table is exported from: the modules routes.ts imports. */
async function schemaOwners(): Promise<Map<unknown, { file: string; exportName: string }>> {
  const source = await readFile(routesFile, 'utf8');
  const files = [
    ...new Set([...source.matchAll(/from '\.\/([\w-]+\.ts)'/g)].map(([, file]) => join(sharedSrc, file!))),
  ];
  const owners = new Map<unknown, { file: string; exportName: string }>();
  for (const file of files) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (value && typeof value === 'object' && !owners.has(value)) owners.set(value, { file, exportName });
    }
  }
  return owners;
}

/**
 * The generated stand-in for `@studio/shared/routes` in one group's bundle: everything the real
 * module exports, but a `routes` table (and `routeList`) holding only the group's own routes. The
 * real table is evaluated here, at build time, so the stand-in cannot drift from it; its schemas
 * are imported from the shared modules that export them. With the real `routes` unused, esbuild
 * drops it and every schema no route of the group needs (`route()` and zod's constructors are
 * marked free of side effects). A route whose schema no shared module exports is taken from the
 * real table, which then stays whole: correct, only larger, and the build says so.
 */
export function groupRouteTableSource(group: RouteGroup): Promise<{ contents: string; warnings: string[] }> {
  return routeTableSource(group, (definition) => definition.group === group);
}

/**
 * A function that serves no route but runs some (the site publisher runs the public reads with
 * the API's own implementations) carries these routes only: every public GET of the table.
 */
export function publicReadsRouteTableSource(): Promise<{ contents: string; warnings: string[] }> {
  return routeTableSource(
    'public reads',
    (definition) => definition.method === 'GET' && definition.access === 'public',
  );
}

/** The stand-in for `@studio/shared/routes` holding the routes `keep` selects; `label` names them. */
async function routeTableSource(
  label: string,
  keep: (definition: RouteDefinition) => boolean,
): Promise<{ contents: string; warnings: string[] }> {
  const { routes } = (await import(pathToFileURL(routesFile).href)) as {
    routes: Record<string, RouteDefinition>;
  };
  const owners = await schemaOwners();
  // file -> export name -> local name
  const imports = new Map<string, Map<string, string>>();
  let locals = 0;
  const warnings: string[] = [];
  const reference = (value: object): string | null => {
    const owner = owners.get(value);
    if (!owner) return null;
    const names = imports.get(owner.file) ?? new Map<string, string>();
    imports.set(owner.file, names);
    if (!names.has(owner.exportName)) names.set(owner.exportName, `s${locals++}`);
    return names.get(owner.exportName)!;
  };
  const entries: string[] = [];
  for (const [name, definition] of Object.entries(routes)) {
    if (!keep(definition)) continue;
    const properties: string[] = [];
    let whole = false;
    for (const [key, value] of Object.entries(definition)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const local = reference(value);
        if (local === null) whole = true;
        properties.push(`${JSON.stringify(key)}: ${local}`);
      } else {
        properties.push(`${JSON.stringify(key)}: ${JSON.stringify(value)}`);
      }
    }
    if (whole) {
      warnings.push(
        `route ${name}: a schema no shared module exports; the whole route table stays in the ${label} bundle`,
      );
      entries.push(`  ${JSON.stringify(name)}: allRoutes[${JSON.stringify(name)}]`);
    } else {
      entries.push(`  ${JSON.stringify(name)}: { ${properties.join(', ')} }`);
    }
  }
  const lines = [
    `export * from ${JSON.stringify(routesFile)};`,
    ...(warnings.length > 0 ? [`import { routes as allRoutes } from ${JSON.stringify(routesFile)};`] : []),
    ...[...imports].map(
      ([file, names]) =>
        `import { ${[...names].map(([exported, local]) => `${exported} as ${local}`).join(', ')} } from ${JSON.stringify(file)};`,
    ),
    `export const routes = {\n${entries.join(',\n')}\n};`,
    `export const routeList = Object.keys(routes).map((name) => ({ name, ...routes[name] }));`,
  ];
  return { contents: lines.join('\n') + '\n', warnings };
}

/** Serves `groupRouteTableSource(group)` wherever the bundle imports `@studio/shared/routes`. */
export function groupRouteTable(group: RouteGroup): Plugin {
  return routeTablePlugin(group, () => groupRouteTableSource(group));
}

/** Serves `publicReadsRouteTableSource()` wherever the bundle imports `@studio/shared/routes`. */
export function publicReadsRouteTable(): Plugin {
  return routeTablePlugin('public-reads', publicReadsRouteTableSource);
}

function routeTablePlugin(label: string, source: () => Promise<{ contents: string; warnings: string[] }>): Plugin {
  const namespace = 'studio-group-routes';
  return {
    name: 'group-route-table',
    setup(build) {
      build.onResolve({ filter: /^@studio\/shared\/routes$/ }, () => ({ path: label, namespace }));
      build.onLoad({ filter: /.*/, namespace }, async () => {
        const { contents, warnings } = await source();
        return { contents, loader: 'js', resolveDir: repoRoot, warnings: warnings.map((text) => ({ text })) };
      });
    },
  };
}

/**
 * The `stripe` SDK's ES build constructs every resource of the API on each client (`stripe.issuing`,
 * `stripe.treasury`, ... about 150 classes, 150 KB minified), whatever the code calls. For a bundle
 * that calls only a few, each other resource class (`stripe/esm/resources/**`) is replaced by an
 * empty subclass of the SDK's own `StripeResource`: the client keeps its shape (`stripe.quotes` is
 * still there), only without methods. `kept` names the resource files the code calls, relative to
 * `stripe/esm/resources` (`Refunds.js`, `Checkout/Sessions.js`); `stripeResourcesCalled` (in
 * bundle-settings.ts) is that list for the payments group, and a unit test checks it covers every
 * `stripe.<resource>.<method>(...)` call of the handlers.
 */
export function stripeResourcesOnly(kept: readonly string[]): Plugin {
  const keep = new Set(kept);
  return {
    name: 'stripe-resources-only',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources[\\/].+\.js$/ }, async (args) => {
        const relative = args.path
          .split(/[\\/]stripe[\\/]esm[\\/]resources[\\/]/)
          .pop()!
          .replace(/\\/g, '/');
        if (keep.has(relative)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const classes = [...source.matchAll(/^export class (\w+) extends StripeResource \{$/gm)].map(
          ([, name]) => name!,
        );
        const base = /^import \{ StripeResource \} from '([./]+StripeResource\.js)';$/m.exec(source)?.[1];
        // Not a resource class (an index of a namespace, type-only modules): left as it is.
        if (classes.length === 0 || !base) return undefined;
        const contents = [
          `import { StripeResource } from ${JSON.stringify(base)};`,
          ...classes.map((name) => `export class ${name} extends StripeResource {}`),
        ].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}
