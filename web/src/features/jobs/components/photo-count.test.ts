import { describe, expect, it } from 'vitest';
import { maxPhotosPerJob } from '@studio/shared/job';
import { forcePhotoCount } from './photo-count.ts';

describe('forcePhotoCount', () => {
  it.each([
    ['0', 1],
    ['-5', 1],
    ['', 1],
    ['abc', 1],
    ['1', 1],
    ['12', 12],
    ['2.7', 2],
    [-1, 1],
    [Number.NaN, 1],
  ])('%j -> %d', (raw, expected) => {
    expect(forcePhotoCount(raw)).toBe(expected);
  });

  it('caps at the largest job the server accepts', () => {
    expect(forcePhotoCount(String(maxPhotosPerJob + 1))).toBe(maxPhotosPerJob);
  });
});
