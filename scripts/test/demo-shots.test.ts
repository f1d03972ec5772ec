import { describe, expect, it } from 'vitest';
import { photoSizes, type Shot } from '../media/demo-photos.ts';
import {
  galleryShot,
  openingShot,
  portfolioShot,
  serviceShot,
  slideShots,
  subServiceShot,
  type ServiceLine,
} from '../media/demo-shots.ts';

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

function inside(shot: Shot) {
  const size = photoSizes[shot.photo];
  const { left, top, width, height } = shot.crop;
  return (
    [left, top, width, height].every(Number.isInteger) &&
    left >= 0 &&
    top >= 0 &&
    width > 0 &&
    height > 0 &&
    left + width <= size.width &&
    top + height <= size.height
  );
}

describe('demo shots', () => {
  it('crops every seeded image inside its photograph', () => {
    const shots = [
      ...lines.flatMap((line) => [
        serviceShot(line),
        ...Array.from({ length: 5 }, (_, i) => subServiceShot(line, i)),
        ...Array.from({ length: 6 }, (_, i) => portfolioShot(line, i)),
        ...Array.from({ length: 80 }, (_, i) => galleryShot(line, i)),
      ]),
      ...slideShots.map((slide) => slide.shot),
      openingShot,
    ];
    expect(shots.filter((shot) => !inside(shot))).toEqual([]);
  });
});
