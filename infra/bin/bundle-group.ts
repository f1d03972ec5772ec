/**
 * Builds one route group's function code into a directory, as the CDK stack deploys it:
 *   node --import tsx infra/bin/bundle-group.ts <group> <output directory>
 * GroupFunction runs it during synthesis (CDK's local bundling is synchronous, esbuild's plugins
 * need its asynchronous API, so the build runs in a process of its own). The bundle is
 * `bundleGroup`'s, with source maps; groups that load native modules get them installed next to it.
 */
import { routeGroups, type RouteGroup } from '@studio/shared/routes';
import { bundleGroup, installNativeModules } from '../lib/bundle-settings.ts';

const [group, outdir] = process.argv.slice(2);
if (!group || !outdir || !(routeGroups as readonly string[]).includes(group)) {
  console.error(`usage: bundle-group.ts <${routeGroups.join('|')}> <output directory>`);
  process.exit(2);
}
await bundleGroup(group as RouteGroup, outdir, { sourcemap: true });
installNativeModules(group as RouteGroup, outdir);
