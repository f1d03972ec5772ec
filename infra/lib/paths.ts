import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StreamConsumerName } from '@studio/shared/platform';
import type { RouteGroup } from '@studio/shared/routes';

/** The monorepo root, wherever the CDK CLI or vitest was started from. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The handler of route group `g` is `functions/src/g/handler.ts`, exporting `handler` (see shared routes). */
export function groupEntry(group: RouteGroup): string {
  return join(repoRoot, 'functions', 'src', group, 'handler.ts');
}

/** The handler of stream consumer `c` (the notifier) is `functions/src/c/handler.ts`. */
export function consumerEntry(consumer: StreamConsumerName): string {
  return join(repoRoot, 'functions', 'src', consumer, 'handler.ts');
}

/** Where `npm run build -w web` writes the SPA. */
export const defaultWebDistDir = join(repoRoot, 'web', 'dist');

/** Where the build writes the site's renderer for a site built into `webDistDir`: web/dist -> web/dist-render. */
export function rendererDirFor(webDistDir: string): string {
  return `${webDistDir.replace(/[\\/]+$/, '')}-render`;
}

export function isBuiltSite(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}
