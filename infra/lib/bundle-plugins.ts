import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
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
