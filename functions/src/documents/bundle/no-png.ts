/**
 * Stands in for `@pdf-lib/upng` in the documents bundle (infra/lib/bundle-settings.ts): invoices embed no
 * images, so pdf-lib's PNG decoder is never called; if it were, this says so plainly.
 */
const unsupported = () => {
  throw new Error('PNG images are not part of the documents bundle.');
};
export default { decode: unsupported, toRGBA8: unsupported };
