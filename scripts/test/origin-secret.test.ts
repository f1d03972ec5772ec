import { describe, expect, it } from 'vitest';
import { originHeaderValue, rotationStep, withOriginHeader } from '../origin-secret.ts';

const origins = [
  { Id: 'site', DomainName: 'site.s3', CustomHeaders: { Quantity: 0, Items: [] } },
  {
    Id: 'api',
    DomainName: 'abc.execute-api',
    CustomHeaders: {
      Quantity: 2,
      Items: [
        { HeaderName: 'x-origin-verify', HeaderValue: 'old' },
        { HeaderName: 'x-other', HeaderValue: 'kept' },
      ],
    },
  },
  { Id: 'media', DomainName: 'media.s3' },
];

describe('rotating the origin secret', () => {
  it('reads the value CloudFront sends to the API', () => {
    expect(originHeaderValue(origins)).toBe('old');
  });

  it('sets the new value on that header only, leaving every other header and origin as it was', () => {
    const updated = withOriginHeader(origins, 'new');
    expect(originHeaderValue(updated)).toBe('new');
    expect(updated[1]!.CustomHeaders!.Items).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: 'new' },
      { HeaderName: 'x-other', HeaderValue: 'kept' },
    ]);
    expect(updated[0]).toBe(origins[0]);
    expect(updated[2]).toBe(origins[2]);
    expect(originHeaderValue(origins)).toBe('old');
  });

  it('refuses a configuration without exactly one such header', () => {
    expect(() => originHeaderValue([origins[0]!])).toThrow(/exactly one/);
    expect(() => withOriginHeader([origins[1]!, origins[1]!], 'new')).toThrow(/exactly one/);
  });

  it('makes a new value only when CloudFront already sends the current one', () => {
    expect(rotationStep('v1', 'v1')).toBe('rotate');
    // Stopped after storing v2: CloudFront still sends v1 (now the previous value). Another new
    // value would retire v1 while CloudFront sends it, so the rotation is finished instead.
    expect(rotationStep('v1', 'v2')).toBe('resume');
  });
});
