import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';

/*
 * The fonts documents are written in, from npm packages (SIL Open Font License; CREDITS.md):
 *   - Noto Sans, regular and bold: Latin with its extensions (Polish, Czech, Turkish, Vietnamese...),
 *     Greek and Cyrillic, and the currency signs;
 *   - Noto Sans Hans (Noto Sans CJK, simplified Chinese set), regular only: Chinese characters and
 *     Japanese kana for names Noto Sans cannot draw. It has no bold: such text stays regular in a
 *     bold line. It is 8 MB, read only by a document that needs it.
 * What neither font draws (Hangul, Arabic, Hebrew, Thai, emoji...) is written as its code point,
 * `<U+D55C>`, and reported to the caller (invoice-pdf.ts), never replaced by '?'.
 *
 * The files are found as Node finds a package, from this module's folder upwards: in the
 * repository's node_modules when run from source, in the node_modules folder that the build copies
 * next to the deployed bundle otherwise (infra/lib/bundle-settings.ts, `packageFiles`, which must
 * list the same files).
 */

const files = {
  regular: { package: '@expo-google-fonts/noto-sans', file: '400Regular/NotoSans_400Regular.ttf' },
  bold: { package: '@expo-google-fonts/noto-sans', file: '700Bold/NotoSans_700Bold.ttf' },
  cjk: { package: '@embedpdf/fonts-sc', file: 'fonts/NotoSansHans-Regular.otf' },
} as const;

export type FontFace = keyof typeof files;

function locate(face: FontFace): string {
  const { package: name, file } = files[face];
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, file);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`font file ${name}/${file} not found`);
  }
}

const paths = new Map<FontFace, string>();

/** The font file of a face, as a path (what pdfkit opens). */
export function fontPath(face: FontFace): string {
  let path = paths.get(face);
  if (!path) {
    path = locate(face);
    paths.set(face, path);
  }
  return path;
}

const parsed = new Map<FontFace, Font>();

/**
 * The face parsed, for its character coverage: once per container, read when first asked for (the
 * Chinese face only by a document with a character Noto Sans lacks).
 */
export function fontOf(face: FontFace): Font {
  let font = parsed.get(face);
  if (!font) {
    font = create(readFileSync(fontPath(face))) as Font;
    parsed.set(face, font);
  }
  return font;
}
