import { deflateSync } from 'node:zlib';

/*
 * A small PDF writer for what the studio's documents draw: one or more pages of text lines in the
 * two standard faces Helvetica and Helvetica-Bold, in colour, and straight rules. It replaces
 * pdf-lib (about 260 KB of the documents bundle with its font metrics) and writes PDF 1.4 as the
 * specification (ISO 32000-1) describes it: the standard Type 1 fonts need no font file, only their
 * names, and WinAnsiEncoding gives them the Latin-1 letters and the typographic signs (€, –, ', ...).
 * Text is measured with the fonts' own advance widths (Adobe's AFM metrics), so text can be
 * right-aligned and cut to a width. Each page's content stream is compressed with Node's zlib.
 */

export type FontName = 'Helvetica' | 'Helvetica-Bold';

/** A colour as red, green and blue, each 0 to 1. */
export type Rgb = readonly [number, number, number];

/**
 * Advance widths (thousandths of the font size) of the WinAnsi codes 32 to 255 of each face, from
 * the fonts' AFM metrics; 0 for the five codes WinAnsi leaves undefined.
 */
// prettier-ignore
const widths: Record<FontName, readonly number[]> = {
  Helvetica: [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584,0,556,0,222,556,333,1000,556,556,333,1000,667,333,1000,0,611,0,0,222,222,333,333,350,556,1000,333,1000,500,333,944,0,500,500,278,333,556,556,556,556,260,556,333,737,370,556,584,333,737,333,400,584,333,333,333,556,537,278,333,333,365,556,834,834,834,611,667,667,667,667,667,667,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,500,556,556,556,556,278,278,278,278,556,556,556,556,556,556,556,584,611,556,556,556,556,500,556,500],
  'Helvetica-Bold': [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584,0,556,0,278,556,500,1000,556,556,333,1000,667,333,1000,0,611,0,0,278,278,500,500,350,556,1000,333,1000,556,333,944,0,500,556,278,333,556,556,556,556,280,556,333,737,370,556,584,333,737,333,400,584,333,333,333,611,556,278,333,333,365,556,834,834,834,611,722,722,722,722,722,722,1000,722,667,667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,556,556,556,556,556,889,556,556,556,556,556,278,278,278,278,611,611,611,611,611,611,611,584,611,611,611,611,611,556,611,556],
};

/** The WinAnsi codes of the characters outside Latin-1 (Latin-1 ones are their own code). */
// prettier-ignore
const winAnsiSpecials = new Map<number, number>([
  [0x152, 0x8c], [0x153, 0x9c], [0x160, 0x8a], [0x161, 0x9a], [0x178, 0x9f], [0x17d, 0x8e], [0x17e, 0x9e],
  [0x192, 0x83], [0x2c6, 0x88], [0x2dc, 0x98], [0x2013, 0x96], [0x2014, 0x97], [0x2018, 0x91], [0x2019, 0x92],
  [0x201a, 0x82], [0x201c, 0x93], [0x201d, 0x94], [0x201e, 0x84], [0x2020, 0x86], [0x2021, 0x87], [0x2022, 0x95],
  [0x2026, 0x85], [0x2030, 0x89], [0x2039, 0x8b], [0x203a, 0x9b], [0x20ac, 0x80], [0x2122, 0x99],
]);

const question = 0x3f;

/** The WinAnsi code of a character, or undefined when the standard fonts cannot show it. */
function winAnsiCode(codePoint: number): number | undefined {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return winAnsiSpecials.get(codePoint);
}

/** Text as WinAnsi codes: white space runs become one space, characters without a code '?'. */
export function winAnsiCodes(text: string): number[] {
  return Array.from(text.replace(/\s+/g, ' '), (char) => winAnsiCode(char.codePointAt(0)!) ?? question);
}

/** The width of WinAnsi codes set in a face at a size, in points. */
export function widthOf(codes: readonly number[], font: FontName, size: number): number {
  const table = widths[font];
  let total = 0;
  for (const code of codes) total += table[code - 32] ?? 0;
  return (total * size) / 1000;
}

/** A PDF literal string of WinAnsi codes: printable ASCII as is, the rest as octal escapes. */
function literal(codes: readonly number[]): string {
  let out = '(';
  for (const code of codes) {
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += '\\' + String.fromCharCode(code);
    else if (code >= 0x20 && code <= 0x7e) out += String.fromCharCode(code);
    else out += '\\' + code.toString(8).padStart(3, '0');
  }
  return out + ')';
}

/** A text string of the document's information (title, author): UTF-16BE with its byte order mark. */
function textString(value: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < value.length; i++) hex += value.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** A number as PDF writes it: at most three decimals, no exponent. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function colour(rgb: Rgb): string {
  return rgb.map(num).join(' ');
}

/** D:YYYYMMDDHHmmSSZ */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

const fontResource: Record<FontName, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

/** One page: drawing operations in PDF's coordinates (points, origin at the bottom left). */
export class PdfPage {
  readonly operations: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Draws WinAnsi codes (see `winAnsiCodes`) with their baseline starting at (x, y). */
  text(codes: readonly number[], x: number, y: number, options: { font: FontName; size: number; colour: Rgb }): void {
    this.operations.push(
      `BT ${colour(options.colour)} rg /${fontResource[options.font]} ${num(options.size)} Tf ${num(x)} ${num(y)} Td ${literal(codes)} Tj ET`,
    );
  }

  /** A straight line. */
  line(from: { x: number; y: number }, to: { x: number; y: number }, options: { thickness: number; colour: Rgb }) {
    this.operations.push(
      `${colour(options.colour)} RG ${num(options.thickness)} w ${num(from.x)} ${num(from.y)} m ${num(to.x)} ${num(to.y)} l S`,
    );
  }
}

export interface PdfInfo {
  title: string;
  author: string;
  created: Date;
}

/** Writes the pages as one PDF file: catalogue, pages, fonts, info, and a cross-reference table. */
export function writePdf(pages: readonly PdfPage[], info: PdfInfo): Uint8Array {
  const chunks: Buffer[] = [];
  let length = 0;
  const offsets: number[] = [];
  const write = (data: string | Buffer) => {
    const chunk = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    chunks.push(chunk);
    length += chunk.length;
  };
  const object = (id: number, body: string | Buffer[]) => {
    offsets[id] = length;
    write(`${id} 0 obj\n`);
    if (typeof body === 'string') write(body);
    else for (const part of body) write(part);
    write('\nendobj\n');
  };

  // 1 catalogue, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
  const pageId = (index: number) => 6 + index * 2;
  // A binary comment line after the header, so that transfers treat the file as binary.
  write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  object(
    5,
    `<< /Title ${textString(info.title)} /Author ${textString(info.author)} /Producer ${textString('Retouch Studio')} /CreationDate (${pdfDate(info.created)}) >>`,
  );
  pages.forEach((page, index) => {
    const id = pageId(index);
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    const content = deflateSync(Buffer.from(page.operations.join('\n'), 'latin1'));
    object(id + 1, [
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  });

  const size = pageId(pages.length);
  const xref = length;
  // Each entry is exactly 20 bytes: ten-digit offset, five-digit generation, type, space and newline.
  let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  write(table);
  write(`trailer\n<< /Size ${size} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(chunks));
}
