/**
 * Names of the responsive variants of a catalogue image (functions/src/lib/image-variants.ts
 * writes them, the site's <picture> elements name them): `media/images/abc.png` has
 * `media/images/abc-400w.avif`, `-400w.webp`, `-800w.avif`, ... for every nominal width and
 * format. A variant is never wider than its original.
 */
export const variantWidths = [400, 800, 1600] as const;
export const variantFormats = ['avif', 'webp'] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** The key (or URL path) of one variant of `key`: the extension becomes `-<width>w.<format>`. */
export function variantKey(key: string, width: number, format: VariantFormat): string {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  const base = dot > slash ? key.slice(0, dot) : key;
  return `${base}-${width}w.${format}`;
}

/** A `srcset` of every variant width of `key` in one format: `abc-400w.avif 400w, abc-800w.avif 800w, ...`. */
export function variantSrcSet(key: string, format: VariantFormat): string {
  return variantWidths.map((width) => `${variantKey(key, width, format)} ${width}w`).join(', ');
}
