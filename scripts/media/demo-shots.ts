/**
 * Which photograph, crop and defects each demo image shows: the retouching jobs of every service
 * line (its service slider, its subservices' sliders, its portfolio items and its gallery), the
 * hero's slides and the careers picture. Rendered by ./demo-photos.ts.
 */
import { photoSizes, type Crop, type Defect, type PhotoName, type Shot, type Tone } from './demo-photos.ts';

/** The spec's service lines, in its order. */
export type ServiceLine =
  'ecommerce' | 'high-end' | 'jewelry' | 'headshot' | 'newborn' | 'model' | 'restoration' | 'grading';

/** Named crops of the photographs, 4:3 unless said. */
const crops = {
  coffeeWhole: { photo: 'coffee', crop: { left: 40, top: 0, width: 533, height: 400 } },
  coffeeCup: { photo: 'coffee', crop: { left: 150, top: 8, width: 300, height: 225 } },
  coffeeSpoon: { photo: 'coffee', crop: { left: 270, top: 190, width: 200, height: 150 } },
  coffeeHandle: { photo: 'coffee', crop: { left: 150, top: 150, width: 320, height: 240 } },
  astronautFace: { photo: 'astronaut', crop: { left: 96, top: 0, width: 264, height: 198 } },
  astronautHead: { photo: 'astronaut', crop: { left: 56, top: 0, width: 400, height: 300 } },
  astronautPortrait: { photo: 'astronaut', crop: { left: 0, top: 0, width: 512, height: 384 } },
  astronautSuit: { photo: 'astronaut', crop: { left: 0, top: 200, width: 416, height: 312 } },
  astronautHelmet: { photo: 'astronaut', crop: { left: 272, top: 332, width: 240, height: 180 } },
  astronautRing: { photo: 'astronaut', crop: { left: 100, top: 130, width: 240, height: 180 } },
  catWhole: { photo: 'chelsea', crop: { left: 0, top: 0, width: 400, height: 300 } },
  catRight: { photo: 'chelsea', crop: { left: 51, top: 0, width: 400, height: 300 } },
  catEyes: { photo: 'chelsea', crop: { left: 60, top: 40, width: 320, height: 240 } },
  rocketWhole: { photo: 'rocket', crop: { left: 36, top: 0, width: 569, height: 427 } },
  rocketPad: { photo: 'rocket', crop: { left: 120, top: 60, width: 400, height: 300 } },
  rocketLights: { photo: 'rocket', crop: { left: 100, top: 187, width: 320, height: 240 } },
  cameraWhole: { photo: 'camera', crop: { left: 0, top: 64, width: 512, height: 384 } },
  cameraMan: { photo: 'camera', crop: { left: 60, top: 40, width: 320, height: 240 } },
  cameraField: { photo: 'camera', crop: { left: 96, top: 128, width: 416, height: 312 } },
} satisfies Record<string, { photo: PhotoName; crop: Crop }>;
type CropName = keyof typeof crops;

/** Faces, as fractions of their crop: where blemishes go. */
const skin: Partial<Record<CropName, Shot['skin']>> = {
  astronautFace: { x: 0.34, y: 0.4, w: 0.32, h: 0.38 },
  astronautHead: { x: 0.36, y: 0.22, w: 0.26, h: 0.34 },
  astronautPortrait: { x: 0.36, y: 0.17, w: 0.2, h: 0.27 },
  catEyes: { x: 0.15, y: 0.15, w: 0.7, h: 0.75 },
  catWhole: { x: 0.1, y: 0.1, w: 0.8, h: 0.8 },
};

function shot(name: CropName, defects: Defect[], extra: Partial<Shot> = {}): Shot {
  const { photo, crop } = crops[name];
  return { photo, crop, defects, width: 800, ...(skin[name] ? { skin: skin[name] } : {}), ...extra };
}

interface LineShots {
  /** The service's own slider. */
  service: Shot;
  /** One per subservice, in the order of seed-data.ts; the last repeats for any extra. */
  subServices: Shot[];
  /** Crops the gallery's finished images and the portfolio's pairs cycle through. */
  gallery: CropName[];
}

const lines: Record<ServiceLine, LineShots> = {
  ecommerce: {
    service: shot('coffeeWhole', ['warm-cast', 'flat', 'dust', 'noise'], { cutout: true }),
    subServices: [
      // Background Removal, Clipping Path, Ghost Mannequin, Shadow Creation.
      shot('coffeeWhole', ['uneven', 'dust'], { cutout: true, flip: true, seed: 1 }),
      shot('coffeeWhole', ['dark', 'noise'], { cutout: true, seed: 2 }),
      shot('astronautSuit', ['dull', 'uneven', 'dust'], { seed: 3 }),
      shot('astronautHelmet', ['flat', 'cool-cast', 'dust'], { seed: 4 }),
    ],
    gallery: ['coffeeWhole', 'astronautHelmet', 'astronautSuit', 'coffeeCup', 'coffeeHandle', 'coffeeSpoon'],
  },
  'high-end': {
    service: shot('astronautFace', ['green-cast', 'blemishes', 'noise']),
    subServices: [
      // Skin Retouching, Hair Masking, Body Shaping.
      shot('astronautFace', ['blemishes', 'flat', 'noise'], { seed: 5 }),
      shot('astronautHead', ['uneven', 'dull', 'dust'], { seed: 6 }),
      shot('astronautPortrait', ['warm-cast', 'blemishes'], { seed: 7 }),
    ],
    gallery: ['astronautFace', 'astronautHead', 'astronautPortrait'],
  },
  jewelry: {
    service: shot('coffeeSpoon', ['dull', 'flat', 'dust'], { tone: { brightness: 1.06 } }),
    subServices: [
      // Dust & Scratch Removal, Metal Recolouring (silver to gold), Stone Enhancement.
      shot('coffeeSpoon', ['dust', 'noise'], { seed: 8, flip: true }),
      shot('coffeeSpoon', [], { seed: 9, tone: { warmth: 1, saturation: 1.5, hue: 12 } }),
      shot('astronautHelmet', ['dull', 'flat', 'dust'], { seed: 10, tone: { brightness: 1.05 } }),
    ],
    gallery: ['coffeeSpoon', 'astronautHelmet', 'astronautRing', 'coffeeHandle'],
  },
  headshot: {
    service: shot('astronautHead', ['uneven', 'warm-cast', 'noise']),
    subServices: [
      // Corporate Headshot, Background Replacement, Glasses Glare Removal.
      shot('astronautHead', ['flat', 'blemishes', 'noise'], { seed: 11 }),
      shot('astronautPortrait', ['cool-cast', 'uneven'], { seed: 12 }),
      shot('cameraMan', ['flat', 'dust', 'noise'], { seed: 13 }),
    ],
    gallery: ['astronautHead', 'cameraMan', 'astronautFace'],
  },
  newborn: {
    service: shot('catEyes', ['cool-cast', 'blemishes', 'noise']),
    subServices: [
      // Skin Smoothing, Composite Posing, Backdrop Cleanup.
      shot('catEyes', ['blemishes', 'flat'], { seed: 14 }),
      shot('catRight', ['uneven', 'dull'], { seed: 15, flip: true }),
      shot('catWhole', ['dust', 'uneven', 'noise'], { seed: 16 }),
    ],
    gallery: ['catWhole', 'catEyes', 'catRight'],
  },
  model: {
    service: shot('astronautPortrait', ['dull', 'warm-cast', 'dust']),
    subServices: [
      // Fashion Retouching, Clothing Fixes, Colour Matching.
      shot('astronautPortrait', ['flat', 'blemishes', 'noise'], { seed: 17 }),
      shot('astronautSuit', ['dust', 'uneven'], { seed: 18 }),
      shot('astronautSuit', ['off-hue'], { seed: 19 }),
    ],
    gallery: ['astronautPortrait', 'astronautSuit', 'astronautHead'],
  },
  restoration: {
    service: shot('cameraWhole', ['old-print']),
    subServices: [
      // Scratch & Tear Repair, Colourisation (a faded print back to colour), Face Reconstruction.
      shot('cameraField', ['old-print'], { seed: 20 }),
      shot('astronautPortrait', ['old-print'], { seed: 21 }),
      shot('cameraMan', ['old-print', 'noise'], { seed: 22 }),
    ],
    gallery: ['cameraWhole', 'cameraMan', 'astronautPortrait', 'cameraField'],
  },
  grading: {
    service: shot('rocketWhole', ['green-cast', 'flat', 'dark'], { tone: { saturation: 1.2, warmth: 0.3 } }),
    subServices: [
      // Colour Correction, Creative Grade, HDR Blending.
      shot('rocketWhole', ['cool-cast', 'flat'], { seed: 23, tone: { warmth: 0.2 } }),
      shot('rocketPad', [], { seed: 24, tone: { saturation: 1.35, warmth: 0.8, brightness: 1.05 } }),
      shot('rocketLights', ['dark', 'noise'], { seed: 25, tone: { brightness: 1.08 } }),
    ],
    gallery: ['rocketWhole', 'rocketPad', 'rocketLights'],
  },
};

/** The before/after pair of a service's own slider. */
export function serviceShot(line: ServiceLine): Shot {
  return lines[line].service;
}

/** The before/after pair of a service's subservice `index`. */
export function subServiceShot(line: ServiceLine, index: number): Shot {
  const subs = lines[line].subServices;
  return subs[Math.min(index, subs.length - 1)]!;
}

/** Defects the portfolio's pairs cycle through. */
const portfolioDefects: Defect[][] = [
  ['uneven', 'dust', 'warm-cast'],
  ['cool-cast', 'flat', 'noise'],
  ['dull', 'dust', 'dark'],
];

/** A portfolio (gallery item) pair: the line's gallery crops in turn, with other defects, every other one mirrored. */
export function portfolioShot(line: ServiceLine, index: number): Shot {
  const { gallery, service } = lines[line];
  const name = gallery[index % gallery.length]!;
  const defects = service.defects.includes('old-print')
    ? ['old-print' as const]
    : portfolioDefects[index % portfolioDefects.length]!;
  const cutout = line === 'ecommerce' && name === 'coffeeWhole';
  return shot(name, defects, { flip: index % 2 === 1, seed: 100 + index * 7, ...(cutout ? { cutout } : {}) });
}

/** Tones the gallery's images cycle through, so no two neighbours look alike. */
const galleryTones: Tone[] = [
  {},
  { warmth: 0.5, brightness: 1.04 },
  { saturation: 0.8, warmth: -0.4 },
  { brightness: 0.94, saturation: 1.2 },
  { warmth: -0.7, brightness: 1.06 },
  { saturation: 1.15, hue: -8 },
  { warmth: 0.9, saturation: 0.9 },
];
/** Heights per 800 px of width: the masonry grid's uneven columns. */
const galleryAspects = [0.75, 1.025, 0.65, 1.125, 0.875];

/** A crop of `crop`'s centre at `aspect` (height / width), as large as the photo allows. */
export function cropAtAspect(photo: PhotoName, crop: Crop, aspect: number, zoom = 1): Crop {
  const size = photoSizes[photo];
  let width = crop.width / zoom;
  let height = width * aspect;
  if (height > size.height) {
    height = size.height;
    width = height / aspect;
  }
  if (width > size.width) {
    width = size.width;
    height = width * aspect;
  }
  // Whole pixels first, then placed inside the photo.
  const w = Math.min(size.width, Math.round(width));
  const h = Math.min(size.height, Math.round(height));
  const left = Math.round(Math.min(Math.max(0, crop.left + crop.width / 2 - w / 2), size.width - w));
  const top = Math.round(Math.min(Math.max(0, crop.top + crop.height / 2 - h / 2), size.height - h));
  return { left, top, width: w, height: h };
}

/**
 * A service gallery image, retouched: the line's crops in turn, each time at another aspect,
 * zoom, tone and mirrored or not, so a gallery of 60 does not repeat itself.
 */
export function galleryShot(line: ServiceLine, index: number): Shot {
  const names = lines[line].gallery;
  const name = names[index % names.length]!;
  const round = Math.floor(index / names.length);
  const { photo, crop } = crops[name];
  const aspect = galleryAspects[(index + round) % galleryAspects.length]!;
  const zoom = 1 + (round % 3) * 0.12;
  const cutout = line === 'ecommerce' && name === 'coffeeWhole';
  return {
    photo,
    // The cut-out mask is drawn for the whole cup: keep that crop whole.
    crop: cutout ? crop : cropAtAspect(photo, crop, aspect, zoom),
    defects: [],
    width: 800,
    flip: (index + round) % 2 === 1,
    tone: galleryTones[(index * 3 + round) % galleryTones.length]!,
    ...(cutout ? { cutout: true } : {}),
  };
}

export interface SlideShot {
  title: string;
  text: string;
  shot: Shot;
}

/** The hero's seven slides: the first is the spec's 'Hair Masking'. */
export const slideShots: SlideShot[] = [
  {
    title: 'Hair Masking',
    text: 'Flyaway hair, fur and fine edges cut out strand by strand, so models and products sit naturally on any background.',
    shot: shot('astronautHead', ['uneven', 'dull', 'dust'], { seed: 31 }),
  },
  {
    title: 'Background Removal',
    text: 'Products lifted off cluttered tables onto pure white, with a natural shadow, ready for every marketplace.',
    shot: shot('coffeeWhole', ['warm-cast', 'flat', 'dust'], { cutout: true, seed: 32 }),
  },
  {
    title: 'Skin Retouching',
    text: 'Blemishes, redness and uneven tones cleaned while pores and texture stay: skin that still looks like skin.',
    shot: shot('astronautPortrait', ['green-cast', 'blemishes', 'noise'], { seed: 33 }),
  },
  {
    title: 'Jewelry and Metal',
    text: 'Dust, fingerprints and dull reflections removed, so metal shines the way it does in the hand.',
    shot: shot('coffeeHandle', ['dull', 'flat', 'dust'], { seed: 34, tone: { brightness: 1.06 } }),
  },
  {
    title: 'Color Grading',
    text: 'White balance, exposure and one consistent look across a whole shoot, from dusk launches to interiors.',
    shot: shot('rocketWhole', ['green-cast', 'flat', 'dark'], { seed: 35, tone: { saturation: 1.2, warmth: 0.3 } }),
  },
  {
    title: 'Photo Restoration',
    text: 'Faded, scratched and creased prints brought back to clean, sharp black and white, or to colour.',
    shot: shot('cameraWhole', ['old-print'], { seed: 36 }),
  },
  {
    title: 'Soft Portraits',
    text: 'Gentle newborn and pet editing: redness, stray hairs and backdrop marks cleaned, colour kept warm and true.',
    shot: shot('catWhole', ['cool-cast', 'dust', 'noise'], { seed: 37 }),
  },
];

/** The careers page's picture: the photographer at work, retouched. */
export const openingShot: Shot = shot('cameraWhole', []);
