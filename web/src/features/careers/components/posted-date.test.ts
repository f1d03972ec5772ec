import { describe, expect, it } from 'vitest';
import { groupThousands } from '@studio/shared/number-text';
import { mediumDateUtc } from './posted-date.ts';

describe('number and date text without Intl', () => {
  it('groups thousands like en-US', () => {
    for (const value of [0, 7, 999, 1000, 15000, 123456, 1234567, -2500, 1234.5]) {
      expect(groupThousands(value), String(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });

  it('writes a date as en-US medium in UTC', () => {
    const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    for (const iso of ['2026-11-03T23:59:59.000Z', '2026-01-01T00:00:00.000Z', '1999-12-31T12:00:00Z', '2024-02-29']) {
      expect(mediumDateUtc(iso), iso).toBe(format.format(new Date(iso)));
    }
    expect(mediumDateUtc('not a date')).toBe('');
  });
});
