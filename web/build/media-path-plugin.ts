import type { Plugin } from 'vite';
// By path, not `@studio/shared/...`: Vite bundles its config with this file (see security-headers-plugin.ts).
import { mediaObjectKey } from '../../shared/src/media-path.ts';
import { mediaPathPrefix } from '../../shared/src/platform.ts';

/**
 * The dev server's `/media` goes to the S3 emulator (vite.config.ts), which resolves `..` in a
 * key: a path that could leave the media prefix (`/media/..%2F..%2F<bucket>/...`, a backslash, an
 * encoded `%`) is refused with 400 before Vite's proxy sees it (shared/src/media-path.ts), as the
 * stand-in for CloudFront of `npm run preview` refuses it.
 */
export function mediaPathPlugin(): Plugin {
  return {
    name: 'studio-media-path',
    apply: 'serve',
    configureServer(server) {
      // Added here, before Vite's own middlewares and its proxy.
      server.middlewares.use((req, res, next) => {
        const rawPath = req.url ?? '/';
        if (!rawPath.startsWith(mediaPathPrefix) || mediaObjectKey(rawPath)) return next();
        res.statusCode = 400;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('Bad request: not a media path');
      });
    },
  };
}
