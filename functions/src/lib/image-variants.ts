import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type SharpDefault from 'sharp';
import type { Sharp } from 'sharp';
import { variantFormats, variantKey, variantWidths, type VariantFormat } from '@studio/shared/media-variants';

/**
 * Responsive, modern-format copies of a catalogue image, written next to the original so the CDN
 * serves them at the same path prefix. For `media/images/abc.png` the variants are
 * `media/images/abc-400w.avif`, `...-400w.webp`, `...-800w.avif`, and so on: one AVIF and one
 * WebP for every width of `variantWidths`, always, so the site can name them without a lookup
 * (web/src/components/responsive-image.tsx). An image is never enlarged: for an original narrower
 * than a nominal width, that variant is the image at its own width.
 */
export { variantFormats, variantKey, variantWidths, type VariantFormat };

export interface ImageVariant {
  key: string;
  format: VariantFormat;
  /** The name's width (`-800w`). */
  nominalWidth: number;
  /** The pixel size of the file. */
  width: number;
  height: number;
  bytes: number;
}

export interface ImageVariants {
  /** Pixel size of the original, for the `width`/`height` attributes of an `<img>`. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

const contentTypes: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
/** Largest original we decode: a guard against decompression bombs (about 50 megapixels). */
const maxInputPixels = 50_000_000;

/** The pixel width of the variant named `nominal` for an original `width` pixels wide. */
export function variantWidthFor(nominal: number, width: number): number {
  return Math.min(nominal, width);
}

/** AVIF effort (0-9): 1 encodes a 1600 px image in a fraction of a second at near the size of 4. */
const avifEffort = 1;

type SharpFactory = typeof SharpDefault;

async function loadSharp(): Promise<SharpFactory> {
  // Loaded on first use so that route groups that never resize do not pay for libvips at init.
  return (await import('sharp')).default;
}

/**
 * Produces the variants of an image given as bytes (SVG, PNG, JPEG, WebP, AVIF, TIFF...), without
 * writing them anywhere: the seed uses this directly, `storeImageVariants` stores them in S3.
 */
export async function renderImageVariants(
  input: Uint8Array,
  key: string,
): Promise<{ width: number; height: number; files: (ImageVariant & { body: Buffer })[] }> {
  const sharp = await loadSharp();
  const source = (): Sharp => sharp(input, { limitInputPixels: maxInputPixels }).rotate();
  const meta = await source().metadata();
  if (!meta.width || !meta.height) throw new Error(`cannot read the size of ${key}`);
  // EXIF orientations 5-8 swap width and height once rotated.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  const files: (ImageVariant & { body: Buffer })[] = [];
  // Nominal widths above the original's width give the same file (never enlarged): encoded once.
  const encoded = new Map<string, Buffer>();
  for (const nominalWidth of variantWidths) {
    const targetWidth = variantWidthFor(nominalWidth, width);
    const targetHeight = Math.max(1, Math.round((height * targetWidth) / width));
    const sameAs = (format: VariantFormat) => encoded.get(`${targetWidth}.${format}`);
    // Decoded and resized once per width, then encoded in each format.
    const resized = variantFormats.every((format) => sameAs(format))
      ? undefined
      : await source()
          .resize({ width: targetWidth, height: targetHeight, fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true });
    for (const format of variantFormats) {
      let body = sameAs(format);
      if (!body) {
        const { data, info } = resized!;
        const pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        body =
          format === 'avif'
            ? await pipeline.avif({ quality: 55, effort: avifEffort }).toBuffer()
            : await pipeline.webp({ quality: 75 }).toBuffer();
        encoded.set(`${targetWidth}.${format}`, body);
      }
      files.push({
        key: variantKey(key, nominalWidth, format),
        format,
        nominalWidth,
        width: targetWidth,
        height: targetHeight,
        bytes: body.length,
        body,
      });
    }
  }
  return { width, height, files };
}

/**
 * Writes an image's rendered variants next to it (public, long-cached: a new upload gets a new key)
 * and returns their keys and sizes. The caller renders them first from the bytes it holds
 * (`renderImageVariants`, which throws for a file sharp cannot decode), so a damaged upload stores
 * nothing and a failed write is never mistaken for a damaged file.
 */
export async function storeImageVariants(
  s3: S3Client,
  bucket: string,
  rendered: Awaited<ReturnType<typeof renderImageVariants>>,
): Promise<ImageVariants> {
  await Promise.all(
    rendered.files.map((file) =>
      s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: file.key,
          Body: file.body,
          ContentType: contentTypes[file.format],
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    ),
  );
  return {
    width: rendered.width,
    height: rendered.height,
    variants: rendered.files.map(({ body: _body, ...variant }) => variant),
  };
}
