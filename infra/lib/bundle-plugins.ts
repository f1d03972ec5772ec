import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

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
