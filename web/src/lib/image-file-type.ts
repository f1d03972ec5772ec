/** Image types by file-name extension (any case): what a file is when the browser gave no type. */
const byExtension: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
  psd: 'image/vnd.adobe.photoshop',
};

/** The image type a file's name says (`front.PSD`: Photoshop), or null for any other name. */
export function imageTypeOfName(name: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? (byExtension[extension] ?? null) : null;
}
