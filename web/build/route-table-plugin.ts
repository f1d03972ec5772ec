import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

/**
 * `virtual:studio-route-table`: what the browser needs of the shared route table, without the
 * table's zod schemas. The shared `routes` module holds every route's params, query, body and
 * response schema, so importing it put every schema of every route (staff console included) into
 * the first load of the public site. The web client needs only each route's method, path and
 * access, plus the response schema of the routes a page actually calls.
 *
 * In a production client build this module is generated from the real table (evaluated at build
 * time, so it can never drift from it): method/path/access are inlined, and each response schema is
 * loaded with `import('@studio/shared/<module>')`, its module found by object identity among the
 * exports of the shared modules. The bundler splits those modules into small chunks, loaded only
 * when a page calls a route that needs one (in parallel with the request). Only the public routes
 * are in this module (`publicRoutes`); the client's and staff's are in a chunk of their own that
 * `loadRoute` fetches on the first such call, so the staff console's table is not in the public
 * first load. In dev, tests and the prerender (server) build, it simply re-exports the real table.
 */
export const routeTableId = 'virtual:studio-route-table';
const privateTableId = 'virtual:studio-route-table/private';

const sharedSrc = fileURLToPath(new URL('../../shared/src/', import.meta.url));

interface EvaluatedRoute {
  method: string;
  path: string;
  access: string | readonly string[];
  response: unknown;
}

/** Re-exports the real table (dev server, tests, server-side prerender). */
const passThrough = `import { routes, fillPath } from '@studio/shared/routes';
export { fillPath };
const entry = (route) => ({
  method: route.method,
  path: route.path,
  access: route.access,
  response: () => Promise.resolve(route.response),
});
export const publicRoutes = Object.fromEntries(
  Object.entries(routes).filter(([, route]) => route.access === 'public').map(([name, route]) => [name, entry(route)]),
);
export async function loadRoute(name) {
  const route = routes[name];
  if (!route) throw new Error('unknown route ' + name);
  return entry(route);
}
`;

async function generated(): Promise<{ main: string; private: string }> {
  const tsModules = async (dir: string) =>
    (await readdir(path.join(sharedSrc, dir))).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
  // The shared modules (`job.ts`), then the route table's own (`routes/jobs.ts`, `routes/index.ts`).
  const modules = [...(await tsModules('.')), ...(await tsModules('routes')).map((file) => `routes/${file}`)];
  // One module runner evaluates every shared module, so schema objects keep one identity.
  const aggregatorId = 'virtual:studio-shared-all';
  const aggregator = modules
    .map((file, i) => `export * as m${i} from ${JSON.stringify(path.join(sharedSrc, file))};`)
    .join('\n');
  const { module } = await runnerImport<Record<string, Record<string, unknown>>>(aggregatorId, {
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'studio-shared-aggregator',
        resolveId: (id) => (id === aggregatorId ? '\0' + aggregatorId : undefined),
        load: (id) => (id === '\0' + aggregatorId ? aggregator : undefined),
      },
    ],
  });
  const routesModule = module[`m${modules.indexOf('routes/index.ts')}`] as {
    routes: Record<string, EvaluatedRoute>;
    fillPath: (...args: unknown[]) => string;
  };
  // Schema object -> where to import it from: the shared module that exports it, never a module of
  // the route table, which merely uses it.
  const owners = new Map<unknown, { specifier: string; exportName: string }>();
  modules.forEach((file, i) => {
    if (file.startsWith('routes/')) return;
    for (const [exportName, value] of Object.entries(module[`m${i}`] ?? {})) {
      if (value && typeof value === 'object' && !owners.has(value)) {
        owners.set(value, { specifier: `@studio/shared/${file.replace(/\.ts$/, '')}`, exportName });
      }
    }
  });
  // One loader per shared module, shared by the entries that take a schema from it.
  const loaders = new Map<string, string>();
  const loaderOf = (specifier: string) => {
    if (!loaders.has(specifier)) loaders.set(specifier, `m${loaders.size}`);
    return loaders.get(specifier)!;
  };
  const entry = (name: string, route: EvaluatedRoute) => {
    const owner: { specifier: string; exportName: string | null } = owners.get(route.response) ?? {
      // A schema declared inside the route table itself: that route loads the whole table.
      specifier: '@studio/shared/routes',
      exportName: null,
    };
    const load = loaderOf(owner.specifier);
    const pick =
      owner.exportName === null
        ? `(m) => m.routes[${JSON.stringify(name)}].response`
        : JSON.stringify(owner.exportName);
    return `  ${JSON.stringify(name)}: t(${JSON.stringify(route.method)}, ${JSON.stringify(route.path)}, ${JSON.stringify(route.access)}, ${load}, ${pick})`;
  };
  const all = Object.entries(routesModule.routes);
  const table = (which: 'public' | 'private') => {
    loaders.clear();
    const rows = all
      .filter(([, route]) => (route.access === 'public') === (which === 'public'))
      .map(([name, route]) => entry(name, route));
    const loaderLines = [...loaders].map(
      ([specifier, id]) => `const ${id} = () => import(${JSON.stringify(specifier)});`,
    );
    return [
      ...loaderLines,
      `const t = (method, path, access, load, pick) => ({ method, path, access, response: () => load().then(typeof pick === 'string' ? (m) => m[pick] : pick) });`,
      `export const ${which}Routes = {\n${rows.join(',\n')}\n};`,
    ].join('\n');
  };
  return {
    main: [
      table('public'),
      `export const fillPath = ${routesModule.fillPath.toString()};`,
      // Staff and client routes: their table is a chunk of its own, loaded on the first such call.
      `export async function loadRoute(name) {`,
      `  const route = (await import(${JSON.stringify(privateTableId)})).privateRoutes[name];`,
      `  if (!route) throw new Error('unknown route ' + name);`,
      `  return route;`,
      `}`,
      '',
    ].join('\n'),
    private: table('private') + '\n',
  };
}

export function routeTablePlugin(): Plugin {
  let slim = false;
  let tables: Promise<{ main: string; private: string }> | undefined;
  return {
    name: 'studio-route-table',
    configResolved(config) {
      slim = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      tables = undefined;
    },
    resolveId(id) {
      return id === routeTableId || id === privateTableId ? '\0' + id : undefined;
    },
    async load(id) {
      if (id !== '\0' + routeTableId && id !== '\0' + privateTableId) return undefined;
      if (!slim) return id === '\0' + routeTableId ? passThrough : 'export const privateRoutes = {};';
      tables ??= generated();
      const { main, private: privateTable } = await tables;
      return id === '\0' + routeTableId ? main : privateTable;
    },
  };
}
