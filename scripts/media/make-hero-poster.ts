/**
 * Regenerates web/public/hero/hair-masking-<width>w.{avif,webp}, the hero's built-in backdrop: the
 * 'Hair Masking' scene the home page shows from its first paint, before (or without) the slides
 * from the API (docs/decisions.md). Drawn here from SVG with sharp: no photo, no download.
 *
 *   node --import tsx scripts/media/make-hero-poster.ts
 *
 * The scene: a model's head with long hair and fine flyaway strands, cut out from a dull studio
 * backdrop (left of the mask line) onto a clean gradient (right of it). The left third stays calm
 * and dark: the hero's copy sits there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heroPoster } from '@studio/shared/first-screen';
import { variantKey, variantWidths } from '@studio/shared/media-variants';

const poster = { width: 1600, height: 700 } as const;

const outDir = fileURLToPath(new URL('../../web/public/hero/', import.meta.url));

/** A small deterministic generator, so the scene (and the files) are the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Hair strands from the head's outline, falling outwards and down, each with its own curl. */
function strands(count: number, seed: number, color: string, width: number, opacity: number, reach: number) {
  const next = random(seed);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = Math.PI * (1.05 + next() * 0.9); // around the crown, ear to ear
    const x0 = head.x + Math.cos(angle) * head.rx * 0.95;
    const y0 = head.y + Math.sin(angle) * head.ry * 0.95;
    const side = Math.cos(angle) < 0 ? -1 : 1;
    const length = reach * (0.55 + next() * 0.65);
    const x1 = x0 + Math.cos(angle) * 70 + side * next() * 40;
    const y1 = y0 + Math.sin(angle) * 60;
    const x3 = x0 + side * (30 + next() * length * 0.55);
    const y3 = y0 + length;
    const x2 = x3 + side * (next() - 0.3) * 90;
    const y2 = y3 - length * (0.35 + next() * 0.3);
    const w = (width * (0.4 + next())).toFixed(2);
    const a = (opacity * (0.45 + next() * 0.55)).toFixed(2);
    const point = (x: number, y: number) => `${x.toFixed(1)} ${y.toFixed(1)}`;
    paths.push(
      `<path d="M${point(x0, y0)} C${point(x1, y1)} ${point(x2, y2)} ${point(x3, y3)}" stroke="${color}" stroke-width="${w}" opacity="${a}"/>`,
    );
  }
  return `<g fill="none" stroke-linecap="round">${paths.join('')}</g>`;
}

function grain(count: number, seed: number) {
  const next = random(seed);
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = (mask + 10 - next() * 700).toFixed(0);
    const y = (next() * poster.height).toFixed(0);
    const r = (0.6 + next() * 1.6).toFixed(1);
    dots.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(next() * 0.14).toFixed(2)}"/>`);
  }
  return dots.join('');
}

/** The head, and the mask line through it: dull studio backdrop left of it, clean gradient right. */
const head = { x: 1160, y: 300, rx: 88, ry: 112 };
const mask = 1160;

export function heroPosterSvg(): string {
  const { width, height } = poster;
  const hair = (color: string, seed: number) =>
    `${strands(220, seed, color, 3.4, 0.6, 330)}${strands(160, seed + 1, color, 1.2, 0.85, 430)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="clean" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset=".6" stop-color="#7c3aed"/><stop offset="1" stop-color="#f97316"/></linearGradient>
  <linearGradient id="studio" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b6068"/><stop offset="1" stop-color="#3d4148"/></linearGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0f172a"/><stop offset=".38" stop-color="#0f172a" stop-opacity=".9"/><stop offset=".56" stop-color="#0f172a" stop-opacity="0"/></linearGradient>
  <radialGradient id="skin" cx=".42" cy=".38" r=".7"><stop offset="0" stop-color="#f6d3b8"/><stop offset="1" stop-color="#c98f6c"/></radialGradient>
  <clipPath id="before"><rect width="${mask}" height="${height}"/></clipPath>
  <clipPath id="after"><rect x="${mask}" width="${width - mask}" height="${height}"/></clipPath>
</defs>
<rect width="${width}" height="${height}" fill="url(#clean)"/>
<g clip-path="url(#before)"><rect width="${width}" height="${height}" fill="url(#studio)"/>${grain(1100, 7)}</g>
<path d="M${head.x - 118} 300 C${head.x - 150} 420 ${head.x - 140} 520 ${head.x - 100} 560 L${head.x + 100} 560 C${head.x + 140} 520 ${head.x + 150} 420 ${head.x + 118} 300Z" fill="#3b2416"/>
<path d="M${head.x - 150} ${height} C${head.x - 145} 560 ${head.x - 90} 500 ${head.x} 488 C${head.x + 90} 500 ${head.x + 145} 560 ${head.x + 150} ${height}Z" fill="#111827"/>
<g clip-path="url(#before)">${hair('#6b5646', 11)}</g>
<g clip-path="url(#after)">${hair('#3b2416', 11)}${strands(80, 29, '#f5c28b', 0.9, 0.6, 460)}</g>
<rect x="${head.x - 30}" y="${head.y + 90}" width="60" height="110" rx="24" fill="url(#skin)"/>
<ellipse cx="${head.x}" cy="${head.y}" rx="${head.rx}" ry="${head.ry}" fill="url(#skin)"/>
<path d="M${head.x - 92} ${head.y + 10} C${head.x - 100} ${head.y - 150} ${head.x + 100} ${head.y - 150} ${head.x + 92} ${head.y + 10} C${head.x + 80} ${head.y - 70} ${head.x + 40} ${head.y - 88} ${head.x} ${head.y - 90} C${head.x - 50} ${head.y - 88} ${head.x - 84} ${head.y - 70} ${head.x - 92} ${head.y + 10}Z" fill="#3b2416"/>
<circle cx="${head.x - 32}" cy="${head.y + 4}" r="7" fill="#2b1d14"/><circle cx="${head.x + 32}" cy="${head.y + 4}" r="7" fill="#2b1d14"/>
<path d="M${head.x - 22} ${head.y + 62} Q${head.x} ${head.y + 76} ${head.x + 22} ${head.y + 62}" stroke="#9f4f46" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M${mask} 0 V${height}" stroke="#fff" stroke-width="3" stroke-dasharray="14 10" opacity=".8"/>
<rect width="${width}" height="${height}" fill="url(#shade)"/>
</svg>`;
}

export async function makeHeroPoster(): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const svg = sharp(Buffer.from(heroPosterSvg()));
  const written: string[] = [];
  for (const width of variantWidths) {
    const resized = svg.clone().resize({ width });
    // The names the site's <picture> asks for (variantKey), e.g. hair-masking-800w.avif.
    const avif = variantKey(path.basename(heroPoster), width, 'avif');
    const webp = variantKey(path.basename(heroPoster), width, 'webp');
    await writeFile(path.join(outDir, avif), await resized.clone().avif({ quality: 55, effort: 6 }).toBuffer());
    await writeFile(path.join(outDir, webp), await resized.clone().webp({ quality: 72 }).toBuffer());
    written.push(avif, webp);
  }
  return written;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  for (const file of await makeHeroPoster()) console.log(`web/public/hero/${file}`);
}
