/**
 * The demo photographs' retouching jobs: from the public-domain and CC0 photos in ./photos
 * (CREDITS.md) it makes each job's "before", degraded the way real work arrives (colour cast,
 * dust, noise, uneven light, a flat or faded print, scratches), and its "after", the clean
 * photograph, well cropped and lightly enhanced. Also the hero's wide slides: the photo as a
 * blurred backdrop with a before | after card on it.
 *
 * Everything is deterministic (the defects come from a seeded generator), so the same shot always
 * gives the same bytes: the seed caches the results by a hash of the shot (scripts/local/seed-images.ts).
 * Plain sharp and pixel loops over images of at most 800 px: a pair takes tens of milliseconds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/** The photographs and their pixel sizes. */
export const photoSizes = {
  astronaut: { width: 512, height: 512 },
  coffee: { width: 600, height: 400 },
  chelsea: { width: 451, height: 300 },
  rocket: { width: 640, height: 427 },
  camera: { width: 512, height: 512 },
} as const;
export type PhotoName = keyof typeof photoSizes;

/** The bytes of one photograph (read once). */
export function photoBytes(name: PhotoName): Buffer {
  return photo(name);
}

const photoDir = path.join(import.meta.dirname, 'photos');

/** Bumped whenever the rendering changes, so cached outputs of older code are not reused. */
export const demoPhotosVersion = 2;

/** A region of the original photo, in its pixels. */
export interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What is wrong with a "before" image. */
export type Defect =
  /** Tungsten light or a wrong white balance: yellow-orange. */
  | 'warm-cast'
  /** Fluorescent light: green-magenta shift. */
  | 'green-cast'
  /** Shade or a wrong white balance: blue. */
  | 'cool-cast'
  /** A grey, low-contrast exposure. */
  | 'flat'
  /** Underexposed. */
  | 'dark'
  /** Sensor noise, luminance and colour. */
  | 'noise'
  /** Light falling off to one side, and a hot spot: an uneven backdrop. */
  | 'uneven'
  /** Dust and lint: specks, soft blobs and a few hairs. */
  | 'dust'
  /** Skin blemishes and redness in the shot's `skin` region. */
  | 'blemishes'
  /** An old print: sepia, faded, stained, with scratches and a crease. */
  | 'old-print'
  /** Washed-out, desaturated colour. */
  | 'dull'
  /** Colours off by a hue turn: a garment that does not match its sample. */
  | 'off-hue';

/** Tone of the retouched image: small differences make derived images look distinct. */
export interface Tone {
  /** Multiplier, 1 = as is. */
  brightness?: number;
  saturation?: number;
  /** Degrees. */
  hue?: number;
  /** -1 cooler ... +1 warmer. */
  warmth?: number;
}

export interface Shot {
  photo: PhotoName;
  crop: Crop;
  /** Mirror left to right. */
  flip?: boolean;
  /** Output width in pixels (never more than the crop's own width times 1.25: enlarging adds no detail). */
  width?: number;
  tone?: Tone;
  defects: Defect[];
  /** Seed of the defects' randomness: different seeds, different dust. */
  seed?: number;
  /** Where the skin is, as fractions of the output (for blemishes). */
  skin?: { x: number; y: number; w: number; h: number };
  /** The after is the product cut out onto white with a soft shadow (only the coffee cup has a mask). */
  cutout?: boolean;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const photoCache = new Map<PhotoName, Buffer>();
function photo(name: PhotoName): Buffer {
  let buffer = photoCache.get(name);
  if (!buffer) {
    buffer = readFileSync(path.join(photoDir, `${name}.jpg`));
    photoCache.set(name, buffer);
  }
  return buffer;
}

/** Mulberry32: a small seeded generator, so every defect lands in the same place on every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);

/** The shot's crop, mirrored and resized, as RGB pixels. */
async function base(shot: Shot, width: number, height: number): Promise<Raw> {
  let image = sharp(photo(shot.photo)).extract(shot.crop);
  if (shot.flip) image = image.flop();
  const { data, info } = await image
    .resize({ width, height, fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgb({ data, width: info.width, height: info.height }, info.channels);
}

/** Pixels with 3 channels: a grey photo's one channel spread to RGB. */
async function rgb(raw: Raw, channels: number): Promise<Raw> {
  if (channels === 3) return raw;
  const out = Buffer.alloc(raw.width * raw.height * 3);
  for (let i = 0; i < raw.width * raw.height; i++) {
    out[i * 3] = out[i * 3 + 1] = out[i * 3 + 2] = raw.data[i * channels]!;
  }
  return { data: out, width: raw.width, height: raw.height };
}

/** The output size of a shot: its crop's aspect at the shot's width. */
export function shotSize(shot: Shot): { width: number; height: number } {
  const width = Math.round(Math.min(shot.width ?? shot.crop.width, shot.crop.width * 1.25));
  return { width, height: Math.round((width * shot.crop.height) / shot.crop.width) };
}

/** Blends a soft round spot of colour `c` into the image. */
function spot(raw: Raw, cx: number, cy: number, radius: number, c: [number, number, number], opacity: number) {
  const { data, width, height } = raw;
  const reach = Math.ceil(radius * 1.6);
  for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(height - 1, cy + reach); y++) {
    for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(width - 1, cx + reach); x++) {
      const d = Math.hypot(x - cx, y - cy) / radius;
      if (d >= 1.6) continue;
      // Solid inside the radius, fading out over the rim.
      const a = opacity * (d <= 1 ? 1 : 1 - (d - 1) / 0.6);
      const i = (Math.round(y) * width + x) * 3;
      for (let k = 0; k < 3; k++) data[i + k] = clamp(data[i + k]! * (1 - a) + c[k]! * a);
    }
  }
}

/** A line of soft spots along a wobbling path: hairs, lint, scratches. */
function stroke(
  raw: Raw,
  next: () => number,
  from: [number, number],
  angle: number,
  length: number,
  width: number,
  c: [number, number, number],
  opacity: number,
  wobble: number,
) {
  let [x, y] = from;
  let heading = angle;
  for (let s = 0; s < length; s += 0.7) {
    spot(raw, x, y, width, c, opacity);
    heading += (next() - 0.5) * wobble;
    x += Math.cos(heading) * 0.7;
    y += Math.sin(heading) * 0.7;
  }
}

function applyDefect(raw: Raw, defect: Defect, shot: Shot, next: () => number) {
  const { width, height } = raw;
  const scale = width / 800;
  switch (defect) {
    case 'warm-cast':
    case 'green-cast':
    case 'cool-cast':
    case 'flat':
    case 'dark':
    case 'dull':
    case 'off-hue':
      // Whole-image colour changes: done by libvips in encodeBefore.
      return;
    case 'noise': {
      const { data } = raw;
      for (let i = 0; i < data.length; i += 3) {
        const n = (next() + next() - 1) * 26;
        data[i] = clamp(data[i]! + n + (next() - 0.5) * 12);
        data[i + 1] = clamp(data[i + 1]! + n + (next() - 0.5) * 12);
        data[i + 2] = clamp(data[i + 2]! + n + (next() - 0.5) * 16);
      }
      return;
    }
    case 'uneven': {
      // Light from the top left, a hot spot and a dark far corner: the backdrop was lit badly.
      const hx = width * (0.25 + next() * 0.2);
      const hy = height * (0.2 + next() * 0.2);
      const diagonal = Math.hypot(width, height);
      const { data } = raw;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const light = 1.18 - (Math.hypot(x - hx, y - hy) / diagonal) * 0.75;
          const i = (y * width + x) * 3;
          data[i] = clamp(data[i]! * light);
          data[i + 1] = clamp(data[i + 1]! * light);
          data[i + 2] = clamp(data[i + 2]! * light * 0.97);
        }
      }
      return;
    }
    case 'dust': {
      const count = Math.round(70 * scale * (height / 600) + 30);
      for (let i = 0; i < count; i++) {
        const x = next() * width;
        const y = next() * height;
        const light = next() < 0.6;
        const shade: [number, number, number] = light ? [238, 236, 230] : [34, 30, 28];
        spot(raw, x, y, (0.6 + next() * 1.6) * Math.max(1, scale), shade, 0.35 + next() * 0.5);
      }
      // Larger, fainter sensor dust.
      for (let i = 0; i < 6; i++) {
        spot(raw, next() * width, next() * height, (5 + next() * 7) * scale, [60, 56, 52], 0.12 + next() * 0.1);
      }
      // Lint and hairs.
      for (let i = 0; i < 4; i++) {
        const shade: [number, number, number] = next() < 0.5 ? [240, 238, 232] : [30, 26, 24];
        stroke(
          raw,
          next,
          [next() * width, next() * height],
          next() * Math.PI * 2,
          (30 + next() * 60) * scale,
          0.5,
          shade,
          0.55,
          0.35,
        );
      }
      return;
    }
    case 'blemishes': {
      const area = shot.skin ?? { x: 0.3, y: 0.2, w: 0.4, h: 0.5 };
      for (let i = 0; i < 26; i++) {
        const x = (area.x + next() * area.w) * width;
        const y = (area.y + next() * area.h) * height;
        const red: [number, number, number] = next() < 0.6 ? [176, 72, 62] : [120, 68, 52];
        spot(raw, x, y, (0.8 + next() * 1.8) * Math.max(1, scale * 1.4), red, 0.28 + next() * 0.3);
      }
      // Blotchy redness.
      for (let i = 0; i < 5; i++) {
        const x = (area.x + next() * area.w) * width;
        const y = (area.y + next() * area.h) * height;
        spot(raw, x, y, (10 + next() * 14) * scale * 1.4, [205, 96, 88], 0.1);
      }
      return;
    }
    case 'old-print': {
      // Sepia, faded: blacks lifted to brown, whites to cream.
      const { data } = raw;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 3;
          const l = (0.3 * data[i]! + 0.59 * data[i + 1]! + 0.11 * data[i + 2]!) / 255;
          // Darker, yellowed edges.
          const edge = Math.min(1, (Math.min(x, width - 1 - x, y, height - 1 - y) / width) * 9);
          const v = (0.18 + l * 0.62) * (0.86 + edge * 0.14) * 255;
          data[i] = clamp(v * 1.08 + 10);
          data[i + 1] = clamp(v * 0.94 + 6);
          data[i + 2] = clamp(v * 0.72);
        }
      }
      // Stains.
      for (let i = 0; i < 5; i++) {
        spot(raw, next() * width, next() * height, (18 + next() * 40) * scale, [150, 110, 60], 0.1 + next() * 0.08);
      }
      // Scratches: long, thin, bright, nearly vertical.
      for (let i = 0; i < 5; i++) {
        const angle = Math.PI / 2 + (next() - 0.5) * 0.3;
        stroke(
          raw,
          next,
          [next() * width, next() * height * 0.3],
          angle,
          height * (0.3 + next() * 0.6),
          0.45,
          [246, 238, 220],
          0.45,
          0.01,
        );
      }
      // A crease across a corner.
      const y0 = height * (0.55 + next() * 0.3);
      stroke(
        raw,
        next,
        [0, y0],
        -0.6 - next() * 0.3,
        width * 0.7,
        1.1 * Math.max(1, scale),
        [240, 230, 206],
        0.4,
        0.015,
      );
      // Speckles.
      for (let i = 0; i < 140 * scale + 40; i++) {
        const light = next() < 0.7;
        spot(raw, next() * width, next() * height, 0.5 + next() * 1.2, light ? [244, 236, 218] : [40, 30, 20], 0.5);
      }
      return;
    }
  }
}

/** The cup, saucer and spoon of coffee.jpg, in its pixels: the hand-drawn path a clipping artist makes. */
const coffeeMask = `<ellipse cx="278" cy="231" rx="199" ry="159" transform="rotate(-5 278 231)"/>
<ellipse cx="290" cy="112" rx="119" ry="95"/>
<path d="M397 100 L401 72 C404 64 418 62 424 70 L420 102 L404 140Z"/>`;

async function cutoutOnWhite(shot: Shot, clean: Raw): Promise<Raw> {
  const { left, top, width: cw, height: ch } = shot.crop;
  const { width, height } = clean;
  const sx = width / cw;
  const sy = height / ch;
  const transform = shot.flip
    ? `matrix(${-sx} 0 0 ${sy} ${width + left * sx} ${-top * sy})`
    : `matrix(${sx} 0 0 ${sy} ${-left * sx} ${-top * sy})`;
  const svg = (fill: string, extra = '') =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g transform="${transform}" fill="${fill}"${extra}>${coffeeMask}</g></svg>`,
    );
  const mask = await sharp(svg('#fff')).blur(0.6).extractChannel('alpha').raw().toBuffer();
  // A soft contact shadow, offset down and to the right; blurred at a quarter of the size (cheaper, as soft).
  const small = await sharp(svg('#000', ` opacity="0.32"`))
    .resize({ width: Math.round(width / 4), height: Math.round(height / 4), fit: 'fill' })
    .blur(Math.max(1, width / 240))
    .png()
    .toBuffer();
  const shadow = await sharp(small).resize({ width, height, fit: 'fill' }).extractChannel('alpha').raw().toBuffer();
  const out = Buffer.alloc(width * height * 3);
  const offset = Math.round(height / 40);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const sy0 = y - offset;
      const s = sy0 >= 0 ? shadow[sy0 * width + Math.max(0, x - offset)]! / 255 : 0;
      const bg = 252 - s * 120;
      const a = mask[p]! / 255;
      for (let k = 0; k < 3; k++) out[p * 3 + k] = clamp(clean.data[p * 3 + k]! * a + bg * (1 - a));
    }
  }
  return { data: out, width, height };
}

/** The after image as one libvips pipeline: the crop, mirrored, resized, toned, lightly sharpened. */
function afterImage(shot: Shot, size: { width: number; height: number }): Sharp {
  let image = sharp(photo(shot.photo)).extract(shot.crop);
  if (shot.flip) image = image.flop();
  image = image
    .resize({ width: size.width, height: size.height, fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('srgb');
  const tone: Tone = { saturation: 1.06, ...shot.tone };
  if (tone.warmth) {
    const w = tone.warmth;
    image = image.linear([1 + 0.06 * w, 1, 1 - 0.08 * w], [6 * w, 0, -6 * w]);
  }
  image = image.modulate({ brightness: tone.brightness ?? 1, saturation: tone.saturation ?? 1, hue: tone.hue ?? 0 });
  return image.sharpen({ sigma: 0.6 }).removeAlpha();
}

/** The after image's pixels (RGB), cut out when the shot says so. */
async function afterPixels(shot: Shot, size: { width: number; height: number }): Promise<Raw> {
  const { data, info } = await afterImage(shot, size).raw().toBuffer({ resolveWithObject: true });
  const raw = await rgb({ data, width: info.width, height: info.height }, info.channels);
  return shot.cutout ? cutoutOnWhite(shot, raw) : raw;
}

/** Channel gains and offsets of the whole-image defects. */
const colourDefects: Partial<Record<Defect, { a: [number, number, number]; b: [number, number, number] }>> = {
  'warm-cast': { a: [1.06, 0.98, 0.72], b: [18, 6, 0] },
  'green-cast': { a: [0.9, 1.04, 0.88], b: [0, 14, 4] },
  'cool-cast': { a: [0.82, 0.94, 1.05], b: [0, 4, 22] },
  flat: { a: [0.66, 0.66, 0.66], b: [52, 52, 52] },
  dark: { a: [0.68, 0.68, 0.7], b: [0, 0, 0] },
};

/** The before image's pixels: the same crop with the shot's defects. */
async function beforePixels(shot: Shot, size: { width: number; height: number }): Promise<Raw> {
  const raw = await base(shot, size.width, size.height);
  const next = random(0x5eed + (shot.seed ?? 0));
  for (const defect of shot.defects) applyDefect(raw, defect, shot, next);
  let image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  if (shot.defects.includes('dull')) image = image.modulate({ saturation: 0.45 });
  if (shot.defects.includes('off-hue')) image = image.modulate({ hue: 28, saturation: 0.85 });
  for (const defect of shot.defects) {
    const change = colourDefects[defect];
    if (change) {
      // One operation per step: sharp keeps only the last linear() of a pipeline.
      const { data, info } = await image.linear(change.a, change.b).raw().toBuffer({ resolveWithObject: true });
      image = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
    }
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const jpeg = (raw: Raw) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();

/** One job as two JPEGs of the same size. */
export async function renderPair(shot: Shot): Promise<{ before: Buffer; after: Buffer }> {
  const size = shotSize(shot);
  const [before, after] = await Promise.all([beforePixels(shot, size), afterPixels(shot, size)]);
  return { before: await jpeg(before), after: await jpeg(after) };
}

/** Only the retouched image (service galleries show finished work). */
export async function renderAfter(shot: Shot): Promise<Buffer> {
  if (shot.cutout) return jpeg(await afterPixels(shot, shotSize(shot)));
  return afterImage(shot, shotSize(shot)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export const slideSize = { width: 1600, height: 700 } as const;

/**
 * A hero slide, 1600 × 700: the photo blurred and darkened across the whole slide (the copy sits
 * on its left), and on the right a card of the shot, its left half the before and its right half
 * the after, split by a handle like the site's sliders.
 */
export async function renderSlide(shot: Shot): Promise<Buffer> {
  const { width, height } = slideSize;
  // Right of the slide, clear of the copy's column on a wide screen.
  const card = { width: 620, height: Math.round((620 * shot.crop.height) / shot.crop.width) };
  if (card.height > 560) {
    card.height = 560;
    card.width = Math.round((560 * shot.crop.width) / shot.crop.height);
  }
  const cardShot = { ...shot, width: card.width };
  const size = { width: card.width, height: card.height };
  const [before, after] = await Promise.all([beforePixels(cardShot, size), afterPixels(cardShot, size)]);
  // Left half before, right half after.
  const half = Math.round(card.width / 2);
  const split = Buffer.from(after.data);
  for (let y = 0; y < card.height; y++) {
    before.data.copy(split, y * card.width * 3, y * card.width * 3, (y * card.width + half) * 3);
  }
  const radius = 18;
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${card.width}" height="${card.height}">
<rect x="${half - 1.5}" width="3" height="${card.height}" fill="#fff"/>
<circle cx="${half}" cy="${card.height / 2}" r="22" fill="#fff"/>
<path d="M${half - 8} ${card.height / 2 - 7} l-8 7 l8 7 M${half + 8} ${card.height / 2 - 7} l8 7 l-8 7" stroke="#0f172a" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`,
  );
  const rounded = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${card.width}" height="${card.height}"><rect width="${card.width}" height="${card.height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  const cardImage = await sharp(split, { raw: { width: card.width, height: card.height, channels: 3 } })
    .composite([{ input: frame }, { input: rounded, blend: 'dest-in' }])
    .png()
    .toBuffer();
  const backdrop = await sharp(photo(shot.photo))
    .extract(shot.crop)
    .flop(Boolean(shot.flip))
    // Blurred at a quarter of the size, then enlarged: as soft, a fraction of the work.
    .resize({ width: width / 4, height: height / 4, fit: 'cover' })
    .toColourspace('srgb')
    .removeAlpha()
    .blur(5.5)
    .linear(0.42, 6)
    .png()
    .toBuffer();
  const backdropFull = await sharp(backdrop).resize({ width, height, fit: 'fill' }).png().toBuffer();
  const left = width - card.width - 80;
  const top = Math.round((height - card.height) / 2);
  const shadow = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${left + 6}" y="${top + 14}" width="${card.width}" height="${card.height}" rx="${radius}" fill="#000" opacity=".55"/></svg>`,
  );
  const shadowLayer = await sharp(shadow)
    .resize({ width: width / 4, height: height / 4 })
    .blur(4.5)
    .resize({ width, height })
    .png()
    .toBuffer();
  return sharp(backdropFull)
    .composite([
      { input: shadowLayer, left: 0, top: 0 },
      { input: cardImage, left, top },
    ])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}
