/**
 * Builds one function's code into a directory, as the CDK stack deploys it:
 *   node --import tsx infra/bin/bundle-function.ts '<FunctionCode as JSON>' <output directory>
 * `bundledCode` (infra/lib/constructs/bundled-code.ts) runs it during synthesis: CDK's local
 * bundling is synchronous, esbuild's plugins need its asynchronous API, so the build runs in a
 * process of its own. The bundle is `bundleFunction`'s, with source maps, and the native modules
 * the function loads are installed next to it.
 */
import { bundleFunction, installNativeModules } from '../lib/bundle-settings.ts';
import type { FunctionCode } from '../lib/constructs/bundled-code.ts';

const [spec, outdir] = process.argv.slice(2);
if (!spec || !outdir) {
  console.error('usage: bundle-function.ts \'{"entry": "/abs/handler.ts", "routeGroup": "jobs"}\' <output directory>');
  process.exit(2);
}
const { nativeModules = [], ...source } = JSON.parse(spec) as FunctionCode;
await bundleFunction(source, outdir, { sourcemap: true });
installNativeModules(nativeModules, outdir);
