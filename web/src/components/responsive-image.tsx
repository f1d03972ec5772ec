import { useState, type ImgHTMLAttributes } from 'react';
import { variantFormats, variantSrcSet } from '@studio/shared/media-variants';

/**
 * A catalogue image in AVIF or WebP at the width the layout needs. Catalogue images under
 * `/media/` (slides, services, subservices, gallery items, service galleries, openings) always have
 * their variants (the API writes them when an image is published, the seed when it stores the demo
 * images; functions/src/lib/image-variants.ts), so they are named here without a lookup.
 * Should a variant be missing after all, the original is shown instead.
 */
export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height'
> {
  src: string;
  alt: string;
  /**
   * The box's shape before the file loads: every image laid out in a page gives them. Left out
   * only where the image's box is the image's own (the full-screen viewer).
   */
  width?: number;
  height?: number;
  /** The `sizes` attribute: how wide the image is drawn, e.g. `(max-width: 768px) 100vw, 33vw`. */
  sizes: string;
}

export function hasVariants(src: string): boolean {
  return src.startsWith('/media/');
}

/**
 * `onError` is called when the image itself cannot be shown: the original, after a missing variant
 * fell back to it, or an image without variants.
 */
export function ResponsiveImage({ src, sizes, onError, ...img }: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!hasVariants(src) || failedSrc === src) return <img src={src} {...img} onError={onError} />;
  return (
    <picture>
      {variantFormats.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={variantSrcSet(src, format)} sizes={sizes} />
      ))}
      <img src={src} {...img} onError={() => setFailedSrc(src)} />
    </picture>
  );
}

/**
 * A decorative image below the fold (a card's or a menu item's picture): no alternative text (the
 * card's text names it), loaded when it nears the viewport and decoded off the main thread.
 */
export function LazyImage(props: Omit<ResponsiveImageProps, 'alt' | 'loading' | 'decoding'>) {
  return <ResponsiveImage {...props} alt="" loading="lazy" decoding="async" />;
}
