import { describe, expect, it } from 'vitest';
import { detectImageType, imageTypeOfKey, matchesImageType } from '../src/image-signature.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('matchesImageType', () => {
  const samples = {
    'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
    'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'),
    'image/webp': bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '),
    'image/tiff': bytes('II*\0', [8, 0, 0, 0]),
    'image/heic': bytes([0, 0, 0, 24], 'ftypheic'),
    'image/heif': bytes([0, 0, 0, 24], 'ftypmif1'),
  } as const;

  it.each(Object.entries(samples))('recognises %s', (type, head) => {
    expect(matchesImageType(head, type as keyof typeof samples)).toBe(true);
  });

  it.each(Object.entries(samples))('detects %s from its bytes alone', (type, head) => {
    expect(detectImageType(head)).toBe(type);
  });

  it('detects nothing in text, an empty file or another container', () => {
    expect(detectImageType(bytes('<html><script>'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(bytes([0, 0, 0, 24], 'ftypisom'))).toBeNull();
  });

  it('refuses a file that only claims to be an image', () => {
    const text = bytes('<html><script>');
    for (const type of Object.keys(samples)) expect(matchesImageType(text, type as keyof typeof samples)).toBe(false);
    expect(matchesImageType(samples['image/png'], 'image/jpeg')).toBe(false);
    expect(matchesImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'), 'image/webp')).toBe(false);
    expect(matchesImageType(bytes([0, 0, 0, 24], 'ftypisom'), 'image/heic')).toBe(false);
    expect(matchesImageType(new Uint8Array(), 'image/jpeg')).toBe(false);
  });
});

describe('imageTypeOfKey', () => {
  it('reads the declared type from the extension the server chose', () => {
    expect(imageTypeOfKey('client-uploads/u/1/ABC.jpg')).toBe('image/jpeg');
    expect(imageTypeOfKey('client-uploads/u/1/ABC.tif')).toBe('image/tiff');
    expect(imageTypeOfKey('client-uploads/u/1/ABC.exe')).toBeNull();
  });
});
