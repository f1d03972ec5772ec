/**
 * The text of a PDF as a reader would find it, extracted with PDF.js (Mozilla's parser, the one
 * browsers use): the tests check what an invoice says, not how our code drew it.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text, pages joined by a blank line, items of a line joined by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line.push(item.str);
        if (item.hasEOL) {
          lines.push(line.join(' ').replace(/\s+/g, ' ').trim());
          line = [];
        }
      }
      if (line.length > 0) lines.push(line.join(' ').replace(/\s+/g, ' ').trim());
      pages.push(lines.filter(Boolean).join('\n'));
    }
    return pages.join('\n\n');
  } finally {
    await document.destroy();
  }
}

/** A piece of text PDF.js finds, where it starts and ends on its page (points, from the left). */
export interface PdfTextItem {
  page: number;
  text: string;
  x: number;
  right: number;
  /** The baseline, from the page's bottom. */
  y: number;
}

/** Every piece of text of every page with its position: for layout checks (alignment, pages). */
export async function pdfTextItems(bytes: Uint8Array): Promise<PdfTextItem[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const items: PdfTextItem[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , , x, y] = item.transform as number[];
        items.push({ page: number, text: item.str, x: x!, right: x! + item.width, y: y! });
      }
    }
    return items;
  } finally {
    await document.destroy();
  }
}
