import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ulid } from 'ulid';
import { keptReleases } from '@studio/shared/site-publishing';
import {
  notFoundFile,
  rendererFiles,
  type DocumentTemplate,
  type ReleaseManifest,
  type SiteRenderer,
} from '@studio/shared/site-render';
import type { Logger } from '../lib/observability.ts';
import { tableReads } from './public-reads.ts';
import { pointerSwitch, type ReleaseSwitch } from './release-switch.ts';
import { publisherSettings } from './settings.ts';
import { pruneReleases, readCurrentRelease, writeRelease } from './site-bucket.ts';

interface Renderer {
  module: SiteRenderer;
  template: DocumentTemplate;
}

const renderers = new Map<string, Promise<Renderer>>();

/** The renderer `npm run build` made (web/dist-render), loaded once per container. */
function loadRenderer(dir: string): Promise<Renderer> {
  let renderer = renderers.get(dir);
  if (!renderer) {
    renderer = (async () => ({
      module: (await import(pathToFileURL(path.join(dir, rendererFiles.module)).href)) as SiteRenderer,
      template: JSON.parse(await readFile(path.join(dir, rendererFiles.template), 'utf8')) as DocumentTemplate,
    }))();
    renderers.set(dir, renderer);
    renderer.catch(() => renderers.delete(dir));
  }
  return renderer;
}

let releaseSwitch: ReleaseSwitch | undefined;

async function currentSwitch(bucket: string, storeArn: string | undefined): Promise<ReleaseSwitch> {
  if (!releaseSwitch) {
    releaseSwitch = storeArn
      ? (await import('./key-value-store-switch.ts')).keyValueStoreSwitch(bucket, storeArn)
      : pointerSwitch(bucket);
  }
  return releaseSwitch;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The URL path a published file answers: `suit/pricing/index.html` -> `/suit/pricing`. */
export function urlPathOf(key: string): string {
  if (key === notFoundFile) return '/404';
  return `/${key.replace(/(^|\/)index\.html$/, '')}`;
}

export interface Publication {
  /** The release now served; the previous one when nothing changed. */
  release: string | undefined;
  /** URL paths whose HTML (or sitemap) differs from the previous release's. */
  changedPaths: string[];
  renderMs: number;
  writeMs: number;
}

/**
 * Publishes the site as it is in the table now: renders every published file (the renderer reads
 * each page's data through the API's own route implementations), compares them with the current
 * release, and if anything changed writes a new release under `releases/<id>/` (every file, then
 * its manifest), switches to it in one step and prunes old releases. A failure before the switch
 * leaves the current release served as it was: never a half-published site.
 */
export async function publishSite(log: Logger): Promise<Publication> {
  const settings = publisherSettings();
  const startedAt = performance.now();
  const renderer = await loadRenderer(settings.rendererDir);
  const site = await renderer.module.renderSite({
    siteUrl: settings.siteUrl,
    template: renderer.template,
    read: tableReads(log),
  });
  const renderMs = Math.round(performance.now() - startedAt);

  const previous = await readCurrentRelease(settings.siteBucket);
  const files = Object.fromEntries(site.files.map((file) => [file.key, sha256(file.body)]));
  const keys = new Set([...Object.keys(files), ...Object.keys(previous?.files ?? {})]);
  const changedPaths = [...keys].filter((key) => files[key] !== previous?.files[key]).map(urlPathOf);
  if (previous && changedPaths.length === 0) {
    log.info('site unchanged', { release: previous.release, renderMs });
    return { release: previous.release, changedPaths, renderMs, writeMs: 0 };
  }

  const manifest: ReleaseManifest = {
    release: ulid(),
    publishedAt: new Date().toISOString(),
    files,
    serviceIds: site.serviceIds,
  };
  const writeStartedAt = performance.now();
  await writeRelease(settings.siteBucket, manifest, site.files);
  await (await currentSwitch(settings.siteBucket, settings.releaseStoreArn)).switchTo(manifest, previous);
  const writeMs = Math.round(performance.now() - writeStartedAt);
  log.info('site published', {
    release: manifest.release,
    files: site.files.length,
    changed: changedPaths.length,
    changedPaths: changedPaths.slice(0, 20).join(' '),
    renderMs,
    writeMs,
  });
  try {
    const pruned = await pruneReleases(settings.siteBucket, keptReleases + 1, manifest.release);
    if (pruned.length > 0) log.info('old releases deleted', { releases: pruned.join(' ') });
  } catch (error) {
    // The new release is served; an old one left behind is only storage.
    log.warn('old releases not deleted', { error: String(error) });
  }
  return { release: manifest.release, changedPaths, renderMs, writeMs };
}
