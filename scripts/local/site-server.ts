/**
 * Serves the production site the way CloudFront does, for `npm run preview`, the Lighthouse bench
 * and the tests: the publisher's current release from the site bucket when there is one (its pages
 * and sitemap; an unknown service id gets the release's not-found page with status 404), else the
 * build's own pages (web/dist) by path (shared/src/site-pages.ts); the app shell for other routes,
 * gzip, long-lived caching of hashed assets, the site's security headers on every response
 * (shared/src/security-headers.ts, as the CDK stack declares them, but HSTS: this is plain HTTP),
 * `/api` to the local gateway and `/media` to the S3 emulator, a path that could leave the media
 * prefix refused (400, shared/src/media-path.ts). Nothing else: no developer mailbox, which
 * CloudFront does not have either. 127.0.0.1 only.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { mediaObjectKey, mediaObjectUrlPath } from '@studio/shared/media-path';
import { mediaPathPrefix } from '@studio/shared/platform';
import { securityHeaders as declaredSecurityHeaders } from '@studio/shared/security-headers';
import {
  htmlFileFor,
  prerenderedFile,
  serviceDetailPrefix,
  serviceDetailTemplatePath,
  sitePages,
} from '@studio/shared/site-pages';
import { currentReleaseKey, publishedFileFor, releaseKey, type ReleaseManifest } from '@studio/shared/site-render';

export interface SiteServerOptions {
  dist: string;
  port: number;
  /** Base URL of the local gateway. */
  gatewayUrl: string;
  /** Base URL of the S3 emulator and the media bucket on it. */
  s3Url: string;
  mediaBucket: string;
  /**
   * The bucket on the S3 emulator the publisher writes releases to (CloudFront's site bucket).
   * Without it, or until its first release, the build's pages are served.
   */
  siteBucket?: string;
}

interface Served {
  body: Buffer;
  type: string;
  status: number;
  cacheControl: string;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

const compressible = /^(text\/|application\/(json|xml)|image\/svg)/;

function proxy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: URL,
  securityHeaders: Record<string, string>,
) {
  const upstream = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      // CloudFront's response headers policy covers the API and media behaviours too.
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...securityHeaders });
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('upstream unavailable');
  });
  req.pipe(upstream);
}

async function readFileIn(root: string, relative: string): Promise<Buffer | undefined> {
  const file = path.resolve(root, relative);
  if (!file.startsWith(path.resolve(root) + path.sep)) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file);
  } catch {
    return undefined;
  }
}

export async function startSiteServer(options: SiteServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const prerendered = sitePages.map((page) => page.path);
  const typeOf = (file: string) => types[path.extname(file)] ?? 'application/octet-stream';

  /** An object of the site bucket, read as CloudFront's origin reads it (s3rver checks no signature). */
  async function siteObject(key: string): Promise<Buffer | undefined> {
    if (!options.siteBucket) return undefined;
    const response = await fetch(new URL(`/${options.siteBucket}/${key}`, options.s3Url));
    if (!response.ok) return undefined;
    return Buffer.from(await response.arrayBuffer());
  }

  let lastRelease: ReleaseManifest | undefined;

  /**
   * The current release, read on every request: the publisher's switch shows at once. The S3
   * emulator writes an object in place (S3 itself swaps it whole), so a read during a switch may
   * find it half written: the release read before is still the current one then.
   */
  async function currentRelease(): Promise<ReleaseManifest | undefined> {
    const pointer = await siteObject(currentReleaseKey);
    if (!pointer) return lastRelease;
    try {
      lastRelease = JSON.parse(pointer.toString('utf8')) as ReleaseManifest;
    } catch {
      // being written: keep the one before
    }
    return lastRelease;
  }

  /** A page or the sitemap from the current release, as the CDN's function maps it. */
  async function fromRelease(pathname: string): Promise<Served | undefined> {
    const release = await currentRelease();
    if (!release) return undefined;
    const published = publishedFileFor(pathname, new Set(release.serviceIds));
    if (!published) return undefined;
    const body = await siteObject(releaseKey(release.release, published.file));
    if (!body) return undefined;
    return { body, type: typeOf(published.file), status: published.status, cacheControl: 'no-cache' };
  }

  /** A file of the build: a page by its path (a service's own page, else the template), or an asset. */
  async function fromBuild(pathname: string): Promise<Served | undefined> {
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    const relative = decodeURIComponent(
      lastSegment.includes('.') ? pathname.slice(1) : htmlFileFor(pathname, prerendered),
    );
    const cacheControl = relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (relative === prerenderedFile(serviceDetailTemplatePath)) {
      // A build rendered with the catalogue has a page per service; the template serves the rest.
      const own = await readFileIn(options.dist, prerenderedFile(decodeURIComponent(pathname)));
      if (own && pathname.startsWith(serviceDetailPrefix))
        return { body: own, type: typeOf('index.html'), status: 200, cacheControl };
    }
    const body = await readFileIn(options.dist, relative);
    return body ? { body, type: typeOf(relative), status: 200, cacheControl } : undefined;
  }

  const securityHeaders = declaredSecurityHeaders({
    sha256Base64: (text) => createHash('sha256').update(text, 'utf8').digest('base64'),
    // Presigned uploads go to the S3 emulator, as they go to the buckets in production.
    uploadOrigins: [new URL(options.s3Url).origin],
    https: false,
  });
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        await serve(req, res);
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { ...securityHeaders, 'content-type': 'text/plain' });
        res.end(`site server error: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  });

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    if (url.pathname.startsWith('/api/')) {
      return proxy(req, res, new URL(url.pathname + url.search, options.gatewayUrl), securityHeaders);
    }
    // Checked on the path as sent: the URL parser above folds `/media/../x` into `/x`, not `%2F`.
    const rawPath = req.url ?? '/';
    if (url.pathname.startsWith(mediaPathPrefix) || rawPath.startsWith(mediaPathPrefix)) {
      const key = mediaObjectKey(rawPath);
      if (!key) {
        res.writeHead(400, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
        res.end('Bad request: not a media path');
        return;
      }
      return proxy(
        req,
        res,
        new URL(`${mediaObjectUrlPath(options.mediaBucket, key)}${url.search}`, options.s3Url),
        securityHeaders,
      );
    }
    const served = (await fromRelease(url.pathname)) ?? (await fromBuild(url.pathname));
    if (!served) {
      res.writeHead(404, { ...securityHeaders, 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    let body = served.body;
    const headers: Record<string, string> = {
      ...securityHeaders,
      'content-type': served.type,
      'cache-control': served.cacheControl,
    };
    if (compressible.test(served.type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    res.writeHead(served.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${options.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
