/**
 * Writes every demo image the seed uses into a folder, to look at them (or to use them elsewhere):
 *
 *   npm run demo-photos [-- <folder>]        (default .local/demo-photos)
 *
 * The seed does not need this: it renders the same images itself, through its cache
 * (scripts/local/seed-images.ts). Prints how long the rendering took.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderAfter, renderPair, renderSlide } from './demo-photos.ts';
import {
  galleryShot,
  openingShot,
  portfolioShot,
  serviceShot,
  slideShots,
  subServiceShot,
  type ServiceLine,
} from './demo-shots.ts';

const lines: ServiceLine[] = [
  'ecommerce',
  'high-end',
  'jewelry',
  'headshot',
  'newborn',
  'model',
  'restoration',
  'grading',
];
/** As many as the seed makes (scripts/local/seed-data.ts). */
const subServiceCounts = [4, 3, 3, 3, 3, 3, 3, 3];
const galleryCounts = [60, 12, 8, 8, 6, 6, 6, 6];
const portfolioCount = 3;

const outDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', '..', '.local', 'demo-photos'));
await mkdir(outDir, { recursive: true });
const started = performance.now();
let count = 0;
const write = async (name: string, body: Buffer) => {
  await writeFile(path.join(outDir, name), body);
  count += 1;
};
const writePair = async (name: string, pair: { before: Buffer; after: Buffer }) => {
  await write(`${name}-before.jpg`, pair.before);
  await write(`${name}-after.jpg`, pair.after);
};

for (const [lineIndex, line] of lines.entries()) {
  await writePair(`${line}`, await renderPair(serviceShot(line)));
  for (let i = 0; i < subServiceCounts[lineIndex]!; i++) {
    await writePair(`${line}-sub${i + 1}`, await renderPair(subServiceShot(line, i)));
  }
  for (let i = 0; i < portfolioCount; i++) {
    await writePair(`${line}-portfolio${i + 1}`, await renderPair(portfolioShot(line, i)));
  }
  for (let i = 0; i < galleryCounts[lineIndex]!; i++) {
    await write(`${line}-gallery${String(i + 1).padStart(2, '0')}.jpg`, await renderAfter(galleryShot(line, i)));
  }
}
for (const [index, slide] of slideShots.entries()) await write(`slide${index + 1}.jpg`, await renderSlide(slide.shot));
await write('opening.jpg', await renderAfter(openingShot));

console.log(`${count} images in ${outDir}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
