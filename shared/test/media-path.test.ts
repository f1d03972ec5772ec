import { describe, expect, it } from 'vitest';
import { mediaObjectKey, mediaObjectUrlPath } from '../src/media-path.ts';

describe('the object key of a /media path', () => {
  it('is the path without its leading slash, decoded once', () => {
    expect(mediaObjectKey('/media/images/01J0.png')).toBe('media/images/01J0.png');
    expect(mediaObjectKey('/media/images/01J0-640.webp?v=2')).toBe('media/images/01J0-640.webp');
    expect(mediaObjectKey('/media/gallery/before%20shot.jpg')).toBe('media/gallery/before shot.jpg');
  });

  it.each([
    '/media/../uploads/client-uploads/u/a.jpg',
    '/media/..%2F..%2Fuploads%2Fclient-uploads%2Fu%2Fa.jpg',
    '/media/..%2f..%2fuploads/a.jpg',
    '/media/%2e%2e/%2e%2e/uploads/a.jpg',
    '/media/%2E%2E/uploads/a.jpg',
    '/media/images/../../uploads/a.jpg',
    '/media/./images/a.png',
    '/media/images//a.png',
    '/media/..\\..\\uploads\\a.jpg',
    '/media/..%5C..%5Cuploads%5Ca.jpg',
    '/media/%252e%252e%252fuploads%252fa.jpg',
    '/media/images/a.png%00.jpg',
    '/media/%E0%A4%A',
    '/media/',
    '/mediaX/a.png',
    '/uploads/a.png',
  ])('refuses %s', (path) => {
    expect(mediaObjectKey(path)).toBeNull();
  });

  it('names the object on a path-style S3 endpoint, each segment encoded', () => {
    expect(mediaObjectUrlPath('studio-media', 'media/gallery/before shot.jpg')).toBe(
      '/studio-media/media/gallery/before%20shot.jpg',
    );
  });
});
