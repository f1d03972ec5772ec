/**
 * The per-group route table a Lambda bundle gets in place of `@studio/shared/routes`
 * (infra/lib/bundle-plugins.ts): the group's routes, equal to the real table's, and nothing else.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as real from '@studio/shared/routes';
import { groupRouteTable, publicReadsRouteTableSource } from '../lib/bundle-plugins.ts';
import { repoRoot } from '../lib/paths.ts';

let dir: string;
let bundled: typeof real;
let text: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'group-routes-'));
  const entry = path.join(dir, 'entry.ts');
  await writeFile(entry, "export * from '@studio/shared/routes';\n");
  await build({
    entryPoints: [entry],
    outfile: path.join(dir, 'out.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    nodePaths: [path.join(repoRoot, 'node_modules')],
    plugins: [groupRouteTable('services')],
    logLevel: 'silent',
  });
  text = await readFile(path.join(dir, 'out.mjs'), 'utf8');
  bundled = (await import(pathToFileURL(path.join(dir, 'out.mjs')).href)) as typeof real;
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a group bundle's route table", () => {
  it("holds exactly the group's routes, as the real table declares them", () => {
    const own = real.routeList.filter((route) => route.group === 'services');
    expect(Object.keys(bundled.routes).sort()).toEqual(own.map((route) => route.name).sort());
    expect(bundled.routeList.map((route) => route.name).sort()).toEqual(own.map((route) => route.name).sort());
    for (const route of own) {
      const copy = (bundled.routes as Record<string, real.RouteDefinition>)[route.name]!;
      expect(Object.keys(copy).sort()).toEqual(Object.keys(real.routes[route.name]).sort());
      expect({ ...copy, params: 0, query: 0, body: 0, response: 0 }).toEqual({
        ...real.routes[route.name],
        params: 0,
        query: 0,
        body: 0,
        response: 0,
      });
    }
  });

  it('validates with the same schemas', () => {
    const { getService, createService } = bundled.routes;
    expect(getService.params.safeParse({ id: '' }).success).toBe(
      real.routes.getService.params.safeParse({ id: '' }).success,
    );
    const input = { name: 'x', description: 'y' };
    expect(createService.body.safeParse(input)).toEqual(real.routes.createService.body.safeParse(input));
    expect(real.routes.createService.body.safeParse({}).success).toBe(false);
    expect(createService.body.safeParse({}).success).toBe(false);
  });

  it("leaves the other groups' routes and their schemas out", () => {
    expect(text).toContain('api/services/{id}');
    for (const route of real.routeList.filter((r) => r.group !== 'services' && !r.path.startsWith('api/services'))) {
      expect(text.includes(`"${route.path}"`) || text.includes(`'${route.path}'`), route.path).toBe(false);
    }
    // The rest of the module is still there.
    expect(bundled.isAllowed('public', null)).toBe(true);
    expect(bundled.routeGroups).toEqual(real.routeGroups);
  });
});

describe("the site publisher's route table", () => {
  it('holds every public GET of the real table and nothing else', async () => {
    const { contents, warnings } = await publicReadsRouteTableSource();
    expect(warnings).toEqual([]);
    const names = [...contents.matchAll(/^ {2}"(\w+)": /gm)].map(([, name]) => name);
    const publicReads = real.routeList.filter((r) => r.method === 'GET' && r.access === 'public').map((r) => r.name);
    expect(publicReads.length).toBeGreaterThan(5);
    expect(names.sort()).toEqual(publicReads.sort());
  });
});
