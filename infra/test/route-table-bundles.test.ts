/**
 * Each Lambda function carries the routes of its own group only: its handler imports the group's
 * module of the route table (`@studio/shared/routes/<group>`), never the whole table, so no other
 * group's schemas reach its bundle. No build step cuts the table; this checks the imports do.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routeGroups, type RouteGroup } from '@studio/shared/routes';
import { consumerEntry, groupEntry, repoRoot } from '../lib/paths.ts';

const routesDir = path.join('shared', 'src', 'routes') + path.sep;

/** The route-table modules an entry's bundle takes in (packages left out: only our sources matter). */
async function routeModulesOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    absWorkingDir: repoRoot,
    metafile: true,
    logLevel: 'silent',
    // The workspace packages are sources of ours: bundle them, so their imports are followed.
    plugins: [
      {
        name: 'workspace-sources',
        setup(b) {
          b.onResolve({ filter: /^@studio\/shared\// }, (args) => {
            const rest = args.path.slice('@studio/shared/'.length);
            const file = rest === 'routes' ? 'routes/index' : rest;
            return { path: path.join(repoRoot, 'shared', 'src', `${file}.ts`) };
          });
        },
      },
    ],
  });
  return Object.keys(result.metafile.inputs)
    .filter((input) => input.startsWith(routesDir))
    .map((input) => path.basename(input, '.ts'))
    .sort();
}

describe('the route table in each bundle', () => {
  it.each(routeGroups.map((group) => [group]))("the %s function takes its own group's routes only", async (group) => {
    expect(await routeModulesOf(groupEntry(group as RouteGroup))).toEqual([group, 'route'].sort());
  });

  it('the site publisher takes the groups of the public reads, and no staff-only or client group', async () => {
    const modules = await routeModulesOf(consumerEntry('publisher'));
    expect(modules).not.toContain('index');
    for (const group of ['jobs', 'job-files', 'payments', 'users', 'admin', 'applications', 'settings']) {
      expect(modules).not.toContain(group);
    }
    expect(modules).toContain('services');
  });

  it('the notifier takes no route table at all', async () => {
    expect(await routeModulesOf(consumerEntry('notifier'))).toEqual([]);
  });
});
