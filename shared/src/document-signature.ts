/*
 * Recognises a resume or cover letter by its bytes, not by its name: a PDF starts with `%PDF-`, a
 * Word 97-2003 document is an OLE2 compound file, a DOCX is a zip archive holding `word/` parts.
 * Plain functions on bytes: the server reads the stored object's first bytes (and, for a zip, its
 * central directory) and passes them here; testable without S3.
 */

/** The document formats an applicant may send, by extension. */
export type DocumentExtension = 'pdf' | 'doc' | 'docx';

/** What the first bytes of a file say it is; `zip` still needs its entry names to be a DOCX. */
export type DocumentHead = 'pdf' | 'ole2' | 'zip' | null;

/** How many first bytes {@link documentHeadType} needs. */
export const documentHeadBytes = 8;

const ole2Signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const zipLocalHeader = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** The kind of file the first {@link documentHeadBytes} bytes announce. */
export function documentHeadType(head: Uint8Array): DocumentHead {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, ole2Signature)) return 'ole2';
  if (startsWith(head, zipLocalHeader)) return 'zip';
  return null;
}

/** The end-of-central-directory record is 22 bytes plus a comment of at most 65535. */
export const zipTailBytes = 22 + 0xffff;

const readU16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const readU32 = (bytes: Uint8Array, at: number) => (readU16(bytes, at) | (readU16(bytes, at + 2) << 16)) >>> 0;

/**
 * Where a zip's central directory lies, from the file's last bytes (`tail`, at most
 * {@link zipTailBytes}). Null when there is no end-of-central-directory record.
 */
export function zipCentralDirectory(tail: Uint8Array): { offset: number; size: number; entries: number } | null {
  // Searched backwards: the record is last, followed only by its own comment.
  for (let at = tail.length - 22; at >= 0; at--) {
    if (readU32(tail, at) !== 0x06054b50) continue;
    const commentLength = readU16(tail, at + 20);
    if (at + 22 + commentLength !== tail.length) continue;
    return { entries: readU16(tail, at + 10), size: readU32(tail, at + 12), offset: readU32(tail, at + 16) };
  }
  return null;
}

/** The entry names listed in a zip's central directory (the bytes `zipCentralDirectory` points at). */
export function zipEntryNames(directory: Uint8Array, maxEntries = 10_000): string[] {
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = 0;
  while (at + 46 <= directory.length && names.length < maxEntries) {
    if (readU32(directory, at) !== 0x02014b50) break;
    const nameLength = readU16(directory, at + 28);
    const extraLength = readU16(directory, at + 30);
    const commentLength = readU16(directory, at + 32);
    const end = at + 46 + nameLength;
    if (end > directory.length) break;
    names.push(decoder.decode(directory.subarray(at + 46, end)));
    at = end + extraLength + commentLength;
  }
  return names;
}

/** Whether a zip's entries make it a Word document (DOCX): its main part lives under `word/`. */
export function isWordArchive(names: readonly string[]): boolean {
  return names.some((name) => name.startsWith('word/')) && names.includes('[Content_Types].xml');
}
