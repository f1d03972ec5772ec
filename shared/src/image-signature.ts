import { uploadImageTypes, type UploadImageType } from './upload.ts';

/*
 * Recognises a photo by its first bytes, so a file uploaded as `image/jpeg` must really start like
 * one. Plain functions on bytes: used by the server after an upload, and testable without S3.
 */

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

const heifBrands = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'heif'];

/** Whether `head` (at least the first 12 bytes) starts like a file of `type`. */
export function matchesImageType(head: Uint8Array, type: UploadImageType): boolean {
  switch (type) {
    case 'image/jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/png':
      return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte);
    case 'image/webp':
      return ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP');
    case 'image/tiff':
      return ascii(head, 0, 'II*\0') || ascii(head, 0, 'MM\0*');
    case 'image/heic':
    case 'image/heif':
      return ascii(head, 4, 'ftyp') && heifBrands.some((brand) => ascii(head, 8, brand));
  }
}

/** The declared type of a stored upload, from the extension the server gave its key. */
export function imageTypeOfKey(key: string): UploadImageType | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const entry = Object.entries(uploadImageTypes).find(([, ext]) => ext === extension);
  return entry ? (entry[0] as UploadImageType) : null;
}

/** The accepted image type `head` really is (from its first bytes), or null when it is none of them. */
export function detectImageType(head: Uint8Array): UploadImageType | null {
  // HEIF's brands include HEIC ones; a HEIC file is answered as HEIC.
  const order: UploadImageType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'image/heic'];
  const found = order.find((type) => matchesImageType(head, type)) ?? null;
  if (found !== 'image/heic') return found;
  return ascii(head, 8, 'mif1') || ascii(head, 8, 'msf1') || ascii(head, 8, 'heif') ? 'image/heif' : 'image/heic';
}
