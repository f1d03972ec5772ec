/**
 * Serves the production build (web/dist) the way CloudFront does, for the Lighthouse bench and
 * for looking at the built site: prerendered pages by path (shared/src/site-pages.ts), the app
 * shell for other routes, gzip, long-lived caching of hashed assets, the site's security headers,
 * and `/api`, `/_dev` to the local gateway and `/media` to the S3 emulator. 127.0.0.1 only.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { earlyReadsScript } from '@studio/shared/early-reads-script';
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

const securityHeaders = {
  'content-security-policy': [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    // The same policy as the CDK stack's: 'self' and the one inline script of prerendered pages.
    `script-src 'self' 'sha256-${createHash('sha256').update(earlyReadsScript).digest('base64')}'`,
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function proxy(req: http.IncomingMessage, res: http.ServerResponse, target: URL) {
  const upstream = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
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
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://site.invalid');
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/_dev/')) {
        return proxy(req, res, new URL(url.pathname + url.search, options.gatewayUrl));
      }
      if (url.pathname.startsWith('/media/')) {
        return proxy(req, res, new URL(`/${options.mediaBucket}${url.pathname}${url.search}`, options.s3Url));
      }
      const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
      const relative = lastSegment.includes('.') ? url.pathname.slice(1) : htmlFileFor(url.pathname, prerendered);
      const file = path.resolve(options.dist, decodeURIComponent(relative));
      if (!file.startsWith(path.resolve(options.dist) + path.sep)) {
        res.writeHead(400);
        return res.end();
      }
      let body: Buffer;
      try {
        if (!(await stat(file)).isFile()) throw new Error('not a file');
        body = await readFile(file);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' });
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
