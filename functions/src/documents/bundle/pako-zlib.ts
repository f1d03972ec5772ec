import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Stands in for `pako` in the documents bundle (infra/lib/bundle-settings.ts): pdf-lib only deflates its
 * streams and inflates the font metrics, which Node's own zlib does natively, so the 46 KB of
 * pure-JavaScript zlib need not ship. Same call shape as pako's default export.
 */
export default {
  deflate: (data: Uint8Array): Uint8Array => deflateSync(data),
  inflate: (data: Uint8Array): Uint8Array => inflateSync(data),
};
