import type { Money } from '@studio/shared/money';
import type { ServiceLine } from './seed-images.ts';

export interface SeedSubService {
  name: string;
  description: string;
  /** Price per photo in USD cents; EUR and GBP are derived and rounded to the cent. */
  usdCents: number;
}

export interface SeedService {
  name: string;
  description: string;
  /** Which demo photographs show it (scripts/media/demo-shots.ts). */
  line: ServiceLine;
  subServices: SeedSubService[];
}

/** The eight service lines the spec names, with demo subservices and prices. */
export const seedServices: SeedService[] = [
  {
    name: 'Ecommerce',
    line: 'ecommerce',
    description:
      'Marketplace-ready product photos: clean white backgrounds, true colours and consistent framing for Amazon, Shopify, eBay and Etsy listings.',
    subServices: [
      {
        name: 'Background Removal',
        usdCents: 49,
        description: 'Pure white or transparent background, cut along the product edge by hand.',
      },
      {
        name: 'Clipping Path',
        usdCents: 79,
        description: 'Hand-drawn vector paths for crisp edges, delivered with the path embedded.',
      },
      {
        name: 'Ghost Mannequin',
        usdCents: 149,
        description: 'Mannequin removed and neck joint merged so apparel shows its true shape.',
      },
      {
        name: 'Shadow Creation',
        usdCents: 69,
        description: 'Natural drop, reflection or cast shadows that ground the product.',
      },
    ],
  },
  {
    name: 'High-End',
    line: 'high-end',
    description:
      'Magazine-grade beauty retouching: frequency separation, dodge and burn, skin texture kept, every detail refined by a senior retoucher.',
    subServices: [
      {
        name: 'Skin Retouching',
        usdCents: 450,
        description: 'Blemishes removed, texture preserved, tones evened with dodge and burn.',
      },
      {
        name: 'Hair Masking',
        usdCents: 250,
        description: 'Flyaways tidied and hair cut out strand by strand for new backgrounds.',
      },
      {
        name: 'Body Shaping',
        usdCents: 300,
        description: 'Subtle, natural contour refinement that keeps proportions believable.',
      },
    ],
  },
  {
    name: 'Jewelry',
    line: 'jewelry',
    description:
      'Sparkling jewellery images: dust and scratches removed, metal recoloured, stones brightened and reflections controlled.',
    subServices: [
      {
        name: 'Dust & Scratch Removal',
        usdCents: 120,
        description: 'Every speck, fingerprint and scratch cleaned from metal and stones.',
      },
      {
        name: 'Metal Recolouring',
        usdCents: 180,
        description: 'Gold, rose gold and platinum variants from a single shot.',
      },
      { name: 'Stone Enhancement', usdCents: 220, description: 'Clarity and fire restored to diamonds and gemstones.' },
    ],
  },
  {
    name: 'Headshot',
    line: 'headshot',
    description:
      'Professional headshots for teams and profiles: consistent backgrounds, natural skin, flattering light across the whole company.',
    subServices: [
      {
        name: 'Corporate Headshot',
        usdCents: 200,
        description: 'Clean skin, tidy hair and a consistent backdrop for the whole team.',
      },
      {
        name: 'Background Replacement',
        usdCents: 100,
        description: 'Office, studio grey or brand colour backgrounds.',
      },
      {
        name: 'Glasses Glare Removal',
        usdCents: 150,
        description: 'Reflections removed from lenses without changing the eyes.',
      },
    ],
  },
  {
    name: 'Newborn',
    line: 'newborn',
    description:
      'Gentle newborn editing: soft skin, even tones, peeling and redness corrected, and safe composites for posed shots.',
    subServices: [
      {
        name: 'Skin Smoothing',
        usdCents: 250,
        description: 'Redness, peeling and milk spots softened while keeping baby skin real.',
      },
      {
        name: 'Composite Posing',
        usdCents: 400,
        description: 'Supported poses merged from two frames so the parent’s hands disappear.',
      },
      {
        name: 'Backdrop Cleanup',
        usdCents: 120,
        description: 'Wrinkles, stains and stray fibres removed from blankets and props.',
      },
    ],
  },
  {
    name: 'Model retouching',
    line: 'model',
    description:
      'Fashion and model retouching for lookbooks and campaigns: clothing fixes, skin, hair and colour matched across the series.',
    subServices: [
      { name: 'Fashion Retouching', usdCents: 350, description: 'Skin, make-up and hair refined to the brand’s look.' },
      {
        name: 'Clothing Fixes',
        usdCents: 180,
        description: 'Wrinkles, lint and loose threads removed; fit corrected.',
      },
      {
        name: 'Colour Matching',
        usdCents: 120,
        description: 'Garment colours matched to the physical sample across every shot.',
      },
    ],
  },
  {
    name: 'Photo Restoration',
    line: 'restoration',
    description:
      'Old, torn and faded photos brought back: tears and stains repaired, missing parts rebuilt, and colour added if you wish.',
    subServices: [
      {
        name: 'Scratch & Tear Repair',
        usdCents: 600,
        description: 'Creases, tears and spots rebuilt from the surrounding detail.',
      },
      {
        name: 'Colourisation',
        usdCents: 900,
        description: 'Black-and-white photos coloured by hand with period-true tones.',
      },
      {
        name: 'Face Reconstruction',
        usdCents: 1200,
        description: 'Missing or blurred facial detail redrawn with care.',
      },
    ],
  },
  {
    name: 'Color Grading',
    line: 'grading',
    description:
      'A consistent look for a whole shoot: white balance, exposure and creative grading for weddings, real estate and travel.',
    subServices: [
      { name: 'Colour Correction', usdCents: 60, description: 'White balance and exposure fixed shot by shot.' },
      { name: 'Creative Grade', usdCents: 150, description: 'A signature look applied and matched across the set.' },
      { name: 'HDR Blending', usdCents: 190, description: 'Bracketed exposures blended for real-estate interiors.' },
    ],
  },
];

/** Converted at fixed demo rates, rounded to the cent. */
export function seedPrices(usdCents: number): Money[] {
  return [
    { currency: 'USD', cents: usdCents },
    { currency: 'EUR', cents: Math.round(usdCents * 0.92) },
    { currency: 'GBP', cents: Math.round(usdCents * 0.79) },
  ];
}

export const seedTestimonials = [
  {
    text: 'They turned around 1,200 catalogue shots over a weekend, and every background was spotless. Our listings have never looked this consistent.',
    author: 'Priya Raman',
    position: 'Head of E-commerce, Loomline',
  },
  {
    text: 'Skin retouching that still looks like skin. Our beauty clients noticed the difference straight away.',
    author: 'Marco Bellini',
    position: 'Photographer, Bellini Studio',
  },
  {
    text: 'The free trial convinced us; the ring images came back brighter than our own studio manages.',
    author: 'Hannah Cole',
    position: 'Founder, Cole & Co. Jewellery',
  },
  {
    text: 'Fast, patient with revisions, and the pricing is clear before we order. Exactly what an agency needs.',
    author: 'Daniel Osei',
    position: 'Production Lead, Northlight Agency',
  },
  {
    text: 'My grandmother’s torn wedding photo came back whole. I cannot thank the team enough.',
    author: 'Sofia Alvarez',
    position: 'Private client',
  },
  {
    text: 'We send every real-estate shoot here for HDR blending. Consistent, on time, every time.',
    author: 'Liam Carter',
    position: 'Owner, Carter Property Media',
  },
];

/**
 * Service gallery images per service (by position in `seedServices`): more than 50 for Ecommerce
 * so the gallery's pages of 50 are exercised, a handful elsewhere.
 */
export const seedCarouselCounts = [60, 12, 8, 8, 6, 6, 6, 6];

/** Before/after gallery items, the same few titles for every service. */
export const seedGalleryItems = [
  { title: 'Studio clean-up', description: 'Background replaced, colour cast removed, dust cleaned.' },
  { title: 'True colour', description: 'White balance and exposure matched to the original.' },
  { title: 'Final polish', description: 'Edges refined and a natural shadow added.' },
];

/** Job openings: three active, two closed (which the careers page must not list). */
export const seedJobOpenings = [
  {
    title: 'Senior Photo Retoucher',
    description:
      'Lead high-end beauty and fashion retouching. Five years of frequency separation, dodge and burn and colour work expected.',
    isActive: true,
    daysAgo: 2,
  },
  {
    title: 'Clipping Path Artist',
    description: 'Hand-drawn paths and background removal for e-commerce catalogues. Training provided.',
    isActive: true,
    daysAgo: 9,
  },
  {
    title: 'Client Success Coordinator',
    description: 'Keep orders moving: brief intake, deadlines and delivery for agency clients across time zones.',
    isActive: true,
    daysAgo: 20,
  },
  {
    title: 'Junior Retoucher (filled)',
    description: 'Basic clean-up and colour correction. This position has been filled.',
    isActive: false,
    daysAgo: 45,
  },
  {
    title: 'Video Editor (closed)',
    description: 'Short product videos for marketplaces. Applications are closed.',
    isActive: false,
    daysAgo: 60,
  },
];
