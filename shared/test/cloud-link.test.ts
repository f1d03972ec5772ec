/** The link to a client's own cloud folder: http(s), a real host name, at most 2048 characters. */
import { describe, expect, it } from 'vitest';
import { cloudLinkSchema } from '../src/job.ts';

describe('cloud link', () => {
  it('accepts http(s) links to a named host', () => {
    for (const link of ['https://www.dropbox.com/sh/abc?dl=0', 'http://drive.google.com/x', 'https://we.tl/t-1']) {
      expect(cloudLinkSchema.safeParse(link).success, link).toBe(true);
    }
  });

  it('refuses hosts without a top-level domain, addresses, other schemes and overlong links', () => {
    for (const link of [
      'https://localhost/folder',
      'https://dropbox/folder',
      'https://192.168.1.10/folder',
      'https://-bad-.example.com/x',
      'ftp://files.example.com/x',
      `https://example.com/${'a'.repeat(2048)}`,
    ]) {
      expect(cloudLinkSchema.safeParse(link).success, link).toBe(false);
    }
  });
});
