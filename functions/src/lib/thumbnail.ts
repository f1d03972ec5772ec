import type { UploadImageType } from '@studio/shared/upload';

/*
 * The preview of a client's photo: a WebP at most 400 px on its longer side, so an editor sees what
 * they are opening. sharp is loaded on first use (it is shipped beside the bundle of the groups
 * that resize; docs/decisions/fast-accessible-indexable.md, "sharp on Lambda").
 */

/** Longer side of a preview, in pixels. */
export const thumbnailSize = 400;

/** Largest photo decoded for a preview (a 200-megapixel scan); a larger one is kept without one. */
const maxPreviewPixels = 200_000_000;

export type ThumbnailResult =
  | { kind: 'made'; body: Buffer }
  /** A valid file sharp cannot decode here (HEIC: libvips is built without HEVC) or too large to. */
  | { kind: 'no-preview' }
  /** The bytes start like an image of the type but do not decode: a damaged or fake file. */
  | { kind: 'undecodable' };

/** Types whose decoder ships with sharp: a file of these that fails to decode is damaged. */
const decodable: readonly UploadImageType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'];

export async function makeThumbnail(input: Uint8Array, type: UploadImageType): Promise<ThumbnailResult> {
  const sharp = (await import('sharp')).default;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (meta.width * meta.height > maxPreviewPixels) return { kind: 'no-preview' };
    const body = await sharp(input, { limitInputPixels: maxPreviewPixels })
      .rotate()
      .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { kind: 'made', body };
  } catch {
    return decodable.includes(type) ? { kind: 'undecodable' } : { kind: 'no-preview' };
  }
}
