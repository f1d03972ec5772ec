/**
 * Catalogue image variants: renderImageVariants makes AVIF and WebP copies of an image's bytes at the
 * responsive widths, never wider than the original, and storeImageVariants writes them next to it.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { renderImageVariants, storeImageVariants, variantKey, variantWidthFor } from '../../src/lib/image-variants.ts';
import { localNames } from '../../../scripts/local/provision.ts';

function s3() {
  return new S3Client({
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

async function writeVariants(client: S3Client, key: string, body: Buffer) {
  return storeImageVariants(client, localNames.mediaBucket, await renderImageVariants(body, key));
}

describe('renderImageVariants and storeImageVariants', () => {
  it('writes AVIF and WebP copies at every nominal width, never enlarged, with their real sizes', async () => {
    const client = s3();
    const key = `media/test-variants/${ulid()}.png`;
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3a86ff' } })
      .png()
      .toBuffer();
    const result = await writeVariants(client, key, png);

    expect(result).toMatchObject({ width: 1000, height: 500 });
    expect(result.variants.map((v) => `${v.nominalWidth}w=${v.width}x${v.height}.${v.format}`).sort()).toEqual([
      '1600w=1000x500.avif',
      '1600w=1000x500.webp',
      '400w=400x200.avif',
      '400w=400x200.webp',
      '800w=800x400.avif',
      '800w=800x400.webp',
    ]);
    for (const variant of result.variants) {
      expect(variant.key).toBe(variantKey(key, variant.nominalWidth, variant.format));
      const stored = await client.send(new GetObjectCommand({ Bucket: localNames.mediaBucket, Key: variant.key }));
      expect(stored.ContentType).toBe(`image/${variant.format}`);
      const bytes = Buffer.from(await stored.Body!.transformToByteArray());
      expect(bytes.length).toBe(variant.bytes);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : 'webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('keeps a small original at its own width and reads SVG', async () => {
    const client = s3();
    const key = `media/test-variants/${ulid()}.svg`;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#e4572e"/></svg>',
    );
    const result = await writeVariants(client, key, svg);
    expect(result.variants.map((v) => [v.format, v.nominalWidth, v.width, v.height])).toEqual([
      ['avif', 400, 300, 200],
      ['webp', 400, 300, 200],
      ['avif', 800, 300, 200],
      ['webp', 800, 300, 200],
      ['avif', 1600, 300, 200],
      ['webp', 1600, 300, 200],
    ]);
    expect(result.variants[0]!.key).toBe(key.replace(/\.svg$/, '-400w.avif'));
  });

  it('rejects bytes that are not an image', async () => {
    await expect(
      renderImageVariants(Buffer.from('not an image at all'), `media/test-variants/${ulid()}.png`),
    ).rejects.toThrow();
  });
});

describe('variantWidthFor', () => {
  it('never enlarges', () => {
    expect(variantWidthFor(800, 2000)).toBe(800);
    expect(variantWidthFor(1600, 1000)).toBe(1000);
    expect(variantWidthFor(400, 120)).toBe(120);
  });
});
