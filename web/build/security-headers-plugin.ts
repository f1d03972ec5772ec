import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
// By path, not `@studio/shared/...`: Vite bundles its config with this file, and leaves packages
// (workspace ones too) to Node, which cannot load TypeScript.
import { securityHeaders, type SecurityHeaderContext } from '../../shared/src/security-headers.ts';

export interface SecurityHeadersPluginEnv {
  /** Base URL of the S3 emulator, where the app posts its presigned uploads (see vite.config.ts). */
  STUDIO_MEDIA_TARGET?: string;
}

/**
 * The dev server (`npm start`, the browser tests) sends the site's security headers on every
 * response, its own pages and modules as well as what it proxies (/api, /media), as CloudFront
 * does in production: one declaration, shared/src/security-headers.ts. Uploads go to the S3
 * emulator, so its origin is in `connect-src`, as the buckets' origins are in production.
 *
 * With hot reload on (`npm start`), one allowance and no more: the inline script React Fast Refresh
 * puts in the page, by its hash (not 'unsafe-inline'); without it the app does not start. The
 * hot-reload WebSocket needs none: `connect-src 'self'` covers ws:// to the page's own host and
 * port. The browser tests run without hot reload, so they see exactly the production policy but
 * for the upload origin.
 */
export function securityHeadersPlugin(env: SecurityHeadersPluginEnv): Plugin {
  let headers: Record<string, string> = {};
  return {
    name: 'studio-security-headers',
    apply: 'serve',
    configResolved(config) {
      const hotReload = config.server.hmr !== false;
      const context: SecurityHeaderContext = {
        sha256Base64: (text) => createHash('sha256').update(text, 'utf8').digest('base64'),
        uploadOrigins: env.STUDIO_MEDIA_TARGET ? [new URL(env.STUDIO_MEDIA_TARGET).origin] : [],
        https: false,
        devServer: hotReload ? { inlineScripts: [react.preambleCode.replace('__BASE__', config.base)] } : undefined,
      };
      headers = securityHeaders(context);
    },
    configureServer(server) {
      // Before Vite's own middlewares (and its proxy), so every response carries them.
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}
