/**
 * The site in its production shape on this machine, on a running local stack: the production
 * build (web/build/build-site.ts), the site publisher fed by the table's stream
 * (./site-publisher.ts), which publishes at once, and the local site server serving its current
 * release as CloudFront serves the bucket (./site-server.ts). Used by `npm run preview`,
 * `npm run lighthouse` and `npm run bench`.
 */
import path from 'node:path';
import { buildSite } from '../../web/build/build-site.ts';
import { localNames } from './provision.ts';
import { startSitePublisher, type SitePublisher } from './site-publisher.ts';
import { startSiteServer } from './site-server.ts';
import { repoRoot, type LocalStack } from './stack.ts';

export interface ProductionSiteOptions {
  stack: LocalStack;
  port: number;
  /** The origin pages name (canonical, Open Graph, sitemap): the address it is served at. */
  siteUrl: string;
  /** Where failed publisher batches go. */
  dataDir: string;
  /** The build's output; web/dist and web/dist-render unless given. */
  outDir?: string;
  logLevel?: 'info' | 'warn' | 'silent';
}

export interface ProductionSite {
  url: string;
  publisher: SitePublisher;
  close(): Promise<void>;
}

export async function startProductionSite(options: ProductionSiteOptions): Promise<ProductionSite> {
  const outDir = options.outDir ?? path.join(repoRoot, 'web', 'dist');
  const rendererDir = `${outDir}-render`;
  await buildSite({ siteUrl: options.siteUrl, outDir, renderDir: rendererDir, logLevel: options.logLevel ?? 'warn' });
  const publisher = await startSitePublisher({
    dynamoEndpoint: options.stack.endpoints.dynamo,
    rendererDir,
    siteUrl: options.siteUrl,
    deadLetterDir: path.join(options.dataDir, 'dead-letters', 'publisher'),
  });
  const site = await startSiteServer({
    dist: outDir,
    port: options.port,
    gatewayUrl: options.stack.gateway.url,
    s3Url: options.stack.endpoints.s3,
    mediaBucket: localNames.mediaBucket,
    siteBucket: localNames.siteBucket,
  });
  return {
    url: site.url,
    publisher,
    close: async () => {
      await site.close();
      await publisher.stop();
    },
  };
}
