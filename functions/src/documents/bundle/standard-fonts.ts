import { inflateSync } from 'node:zlib';
import { Encodings } from '#pdf-lib-fonts/Encoding.js';
import helvetica from '#pdf-lib-fonts/Helvetica.compressed.json';
import helveticaBold from '#pdf-lib-fonts/Helvetica-Bold.compressed.json';

/*
 * Stands in for `@pdf-lib/standard-fonts` in the documents bundle (infra/lib/bundle-settings.ts). That
 * package carries the metrics of all fourteen standard PDF fonts (130 KB minified); invoices use
 * Helvetica and Helvetica-Bold only, so only their metrics are bundled, from the package's own
 * files. Same exports pdf-lib reads: the font names, the encodings and `Font.load`.
 */

export { Encodings };

export const FontNames = {
  Courier: 'Courier',
  CourierBold: 'Courier-Bold',
  CourierOblique: 'Courier-Oblique',
  CourierBoldOblique: 'Courier-BoldOblique',
  Helvetica: 'Helvetica',
  HelveticaBold: 'Helvetica-Bold',
  HelveticaOblique: 'Helvetica-Oblique',
  HelveticaBoldOblique: 'Helvetica-BoldOblique',
  TimesRoman: 'Times-Roman',
  TimesRomanBold: 'Times-Bold',
  TimesRomanItalic: 'Times-Italic',
  TimesRomanBoldItalic: 'Times-BoldItalic',
  Symbol: 'Symbol',
  ZapfDingbats: 'ZapfDingbats',
} as const;

/** The metrics pdf-lib reads, as the package's JSON holds them (Adobe's AFM fields). */
interface Metrics {
  FontName: string;
  FontBBox: [number, number, number, number];
  Ascender?: number;
  Descender?: number;
  CharMetrics: { N: string; WX: number }[];
  KernPairs: [string, string, number][];
}

const bundled: Record<string, string> = { Helvetica: helvetica, 'Helvetica-Bold': helveticaBold };
const loaded = new Map<string, Font>();

export class Font {
  FontName = '';
  FontBBox: Metrics['FontBBox'] = [0, 0, 0, 0];
  Ascender?: number;
  Descender?: number;
  private widths = new Map<string, number>();
  private kerning = new Map<string, number>();

  static load(name: string): Font {
    const cached = loaded.get(name);
    if (cached) return cached;
    const compressed = bundled[name];
    if (!compressed) throw new Error(`The documents bundle has the metrics of Helvetica only, not ${name}.`);
    const metrics = JSON.parse(inflateSync(Buffer.from(compressed, 'base64')).toString('latin1')) as Metrics;
    const font = new Font();
    font.FontName = metrics.FontName;
    font.FontBBox = metrics.FontBBox;
    font.Ascender = metrics.Ascender;
    font.Descender = metrics.Descender;
    for (const { N, WX } of metrics.CharMetrics) font.widths.set(N, WX);
    for (const [left, right, amount] of metrics.KernPairs) font.kerning.set(`${left} ${right}`, amount);
    loaded.set(name, font);
    return font;
  }

  getWidthOfGlyph = (glyph: string): number | undefined => this.widths.get(glyph);

  getXAxisKerningForPair = (left: string, right: string): number | undefined => this.kerning.get(`${left} ${right}`);
}
