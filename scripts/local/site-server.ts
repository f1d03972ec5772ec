/**
 * Serves the production build (web/dist) the way CloudFront does, for the Lighthouse bench and
 * for looking at the built site: prerendered pages by path (shared/src/site-pages.ts), the app
 * shell for other routes, gzip, long-lived caching of hashed assets, the site's security headers
 * on every response (shared/src/security-headers.ts, as the CDK stack declares them, but HSTS:
 * this is plain HTTP), and `/api`, `/_dev` to the local gateway and `/media` to the S3 emulator.
 * 127.0.0.1 only.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { securityHeaders as declaredSecurityHeaders } from '@studio/shared/security-headers';
import { htmlFileFor, sitePages } from '@studio/shared/site-pages';

export interface SiteServerOptions {
  dist: string;
  port: number;
  /** Base URL of the local gateway. */
  gatewayUrl: string;
  /** Base URL of the S3 emulator and the media bucket on it. */
  s3Url: string;
  mediaBucket: string;
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

export async function startSiteServer(options: SiteServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const prerendered = sitePages.map((page) => page.path);
  const securityHeaders = declaredSecurityHeaders({
    sha256Base64: (text) => createHash('sha256').update(text, 'utf8').digest('base64'),
    // Presigned uploads go to the S3 emulator, as they go to the buckets in production.
    uploadOrigins: [new URL(options.s3Url).origin],
    https: false,
  });
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://site.invalid');
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/_dev/')) {
        return proxy(req, res, new URL(url.pathname + url.search, options.gatewayUrl), securityHeaders);
      }
      if (url.pathname.startsWith('/media/')) {
        return proxy(
          req,
          res,
          new URL(`/${options.mediaBucket}${url.pathname}${url.search}`, options.s3Url),
          securityHeaders,
        );
      }
      const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
      const relative = lastSegment.includes('.') ? url.pathname.slice(1) : htmlFileFor(url.pathname, prerendered);
      const file = path.resolve(options.dist, decodeURIComponent(relative));
      if (!file.startsWith(path.resolve(options.dist) + path.sep)) {
        res.writeHead(400, securityHeaders);
        return res.end();
      }
      let body: Buffer;
      try {
        if (!(await stat(file)).isFile()) throw new Error('not a file');
        body = await readFile(file);
      } catch {
        res.writeHead(404, { ...securityHeaders, 'content-type': 'text/plain' });
        return res.end('Not found');
      }
      const type = types[path.extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string> = {
        ...securityHeaders,
        'content-type': type,
        'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (compressible.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${options.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
