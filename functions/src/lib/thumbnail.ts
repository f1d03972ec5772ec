import type { UploadImageType } from '@studio/shared/upload';

/*
 * The preview of a client's photo: a WebP at most 400 px on its longer side, so an editor sees what
 * they are opening. sharp is loaded on first use (it is shipped beside the bundle of the groups
 * that resize; docs/decisions/fast-accessible-indexable.md, "sharp on Lambda").
 */

/** Longer side of a preview, in pixels. */
export const thumbnailSize = 400;

/**
 * Longer side of the screen-sized variant (#34, the compare viewer loads it before the file
 * itself): a 2048 px WebP is a few hundred kilobytes where the original may be 100 MB.
 */
export const screenSize = 2048;

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

export type FilePreview =
  | { kind: 'made'; body: Buffer; screen: Buffer; size: { width: number; height: number } }
  | { kind: 'no-preview' | 'undecodable'; size: { width: number | null; height: number | null } };

/**
 * The preview of a file on disk (#33, the preview worker) and its screen-sized variant (#34):
 * sharp reads it from the file, so a 500 MB TIFF is never a JavaScript buffer, through one
 * pipeline cloned for the two sizes (the file is read and decoded once). Also answers the image's
 * dimensions when it could read them. `type` is the real type found in its first bytes (a PSD or
 * HEIC has no decoder here).
 */
export async function previewFromFile(file: string, type: string): Promise<FilePreview> {
  const sharp = (await import('sharp')).default;
  let size: { width: number | null; height: number | null } = { width: null, height: null };
  try {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // EXIF orientations 5-8 turn the picture a quarter: its shown size is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    size = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    if (meta.width * meta.height > maxPreviewPixels) return { kind: 'no-preview', size };
    const source = sharp(file, { limitInputPixels: maxPreviewPixels }).rotate();
    const [body, screen] = await Promise.all([
      source
        .clone()
        .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer(),
      source
        .clone()
        .resize({ width: screenSize, height: screenSize, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return { kind: 'made', body, screen, size: size as { width: number; height: number } };
  } catch {
    return (decodable as readonly string[]).includes(type)
      ? { kind: 'undecodable', size }
      : { kind: 'no-preview', size };
  }
}
