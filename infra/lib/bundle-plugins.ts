import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import type { RouteDefinition, RouteGroup } from '@studio/shared/routes';
import { repoRoot } from './paths.ts';

/*
 * The esbuild plugins of the Lambda bundles (bundle-settings.ts): only our own route table, cut
 * to what one group serves. No plugin here reads or replaces a dependency's files (the build
 * refuses one that does: bundle-audit.ts).
 */

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
