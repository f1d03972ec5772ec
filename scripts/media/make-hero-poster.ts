/**
 * Regenerates web/public/hero/hair-masking-<width>w.{avif,webp}, the hero's built-in backdrop: the
 * 'Hair Masking' scene the home page shows from its first paint, before (or without) the slides
 * from the API (docs/decisions/fast-accessible-indexable.md). It is the seeded first slide itself (scripts/media/demo-shots.ts,
 * a photograph from scripts/media/photos, CREDITS.md), so when that slide's image arrives it
 * covers an identical picture.
 *
 *   node --import tsx scripts/media/make-hero-poster.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heroPoster } from '@studio/shared/first-screen';
import { variantKey, variantWidths } from '@studio/shared/media-variants';
import { renderSlide } from './demo-photos.ts';
import { slideShots } from './demo-shots.ts';

const outDir = fileURLToPath(new URL('../../web/public/hero/', import.meta.url));

export async function makeHeroPoster(): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const slide = sharp(await renderSlide(slideShots[0]!.shot));
  const written: string[] = [];
  for (const width of variantWidths) {
    const resized = slide.clone().resize({ width });
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
