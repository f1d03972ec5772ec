import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPair, renderSlide, shotSize, slideSize } from '../media/demo-photos.ts';
import { galleryShot, serviceShot, slideShots } from '../media/demo-shots.ts';

/** Mean absolute difference of two equally sized images, per channel value (0-255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((image) => sharp(image).raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('demo photos', () => {
  it('renders the same bytes for the same shot, a degraded before and a clean after of one size', async () => {
    const shot = serviceShot('restoration');
    const [first, second] = [await renderPair(shot), await renderPair(shot)];
    expect(first.before.equals(second.before)).toBe(true);
    expect(first.after.equals(second.after)).toBe(true);
    const [before, after] = await Promise.all([sharp(first.before).metadata(), sharp(first.after).metadata()]);
    expect({ width: before.width, height: before.height }).toEqual(shotSize(shot));
    expect({ width: after.width, height: after.height }).toEqual(shotSize(shot));
    expect(before.format).toBe('jpeg');
    // Faded, stained and scratched: far from the clean print.
    expect(await difference(first.before, first.after)).toBeGreaterThan(10);
  });

  it('cuts a product out onto white for the e-commerce after', async () => {
    const { after } = await renderPair(serviceShot('ecommerce'));
    const { data, info } = await sharp(after).raw().toBuffer({ resolveWithObject: true });
    // The top left corner was the wooden table: now (near) white.
    const corner = data.subarray(0, 3);
    expect(Math.min(...corner)).toBeGreaterThan(235);
    expect(info.width).toBeGreaterThan(400);
  });

  it('gives a gallery of 60 images no two alike, and each hero slide its copy', () => {
    const shots = Array.from({ length: 60 }, (_, index) => JSON.stringify(galleryShot('ecommerce', index)));
    expect(new Set(shots).size).toBe(60);
    expect(slideShots).toHaveLength(7);
    expect(slideShots[0]!.title).toBe('Hair Masking');
    for (const slide of slideShots) {
      expect(slide.title.length).toBeGreaterThan(0);
      expect(slide.text.length).toBeGreaterThan(20);
    }
  });

  it('renders a hero slide at the hero size', async () => {
    const slide = await renderSlide(slideShots[1]!.shot);
    const meta = await sharp(slide).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(slideSize);
  });
});
