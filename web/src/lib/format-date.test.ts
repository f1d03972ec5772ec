import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

describe('one format of dates and times (#40, item 12)', () => {
  it("says a time in the given zone, with the zone's name", () => {
    expect(formatDateTime('2026-11-20T10:00:00Z', 'Europe/Warsaw')).toBe('20 Nov 2026, 11:00 CET');
    expect(formatDateTime('2026-07-20T10:00:00Z', 'Europe/Warsaw')).toBe('20 Jul 2026, 12:00 CEST');
    expect(formatDateTime('2026-11-20T23:30:00Z', 'UTC')).toBe('20 Nov 2026, 23:30 UTC');
  });

  it('a date is the date in that zone', () => {
    expect(formatDate('2026-11-20T23:30:00Z', 'UTC')).toBe('20 Nov 2026');
    expect(formatDate('2026-11-20T23:30:00Z', 'Asia/Tokyo')).toBe('21 Nov 2026');
  });

  it("without a zone, the reader's own, still named", () => {
    expect(formatDateTime('2026-11-20T10:00:00Z')).toMatch(/^20 Nov 2026, \d\d:\d\d \S+$/);
  });
});
