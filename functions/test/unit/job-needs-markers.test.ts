import { describe, expect, it } from 'vitest';
import { endOfDayIn, needsMarkersOf, type NeedsFields } from '../../src/data/job-needs-markers.ts';

const job = (overrides: Partial<NeedsFields> = {}): NeedsFields => ({
  id: '01J',
  status: 'PENDING',
  createdAt: '2026-11-20T10:00:00.000Z',
  editorId: null,
  payment: null,
  cancellationRequest: null,
  ...overrides,
});

const lists = (fields: Partial<NeedsFields>) => needsMarkersOf(job(fields)).map((marker) => marker.list);
const requested = { status: 'PENDING', requestedAt: '2026-11-21T08:00:00.000Z' };

describe('the marker lists of what needs action (#40)', () => {
  it('unassigned: open work (PENDING, IN_PROGRESS) with no editor', () => {
    expect(lists({ payment: { status: 'PAID' } })).toEqual(['unassigned']);
    expect(lists({ status: 'IN_PROGRESS', payment: { status: 'PAID' } })).toEqual(['unassigned']);
    expect(lists({ editorId: 'e', payment: { status: 'PAID' } })).toEqual([]);
    for (const status of ['DELIVERED', 'REVISION_REQUESTED', 'COMPLETED', 'CANCELLED'] as const) {
      expect(lists({ status, payment: { status: 'PAID' } })).toEqual([]);
    }
  });

  it('unpaid: neither cancelled nor paid, keyed by creation time', () => {
    for (const status of ['PENDING', 'FAILED', 'MISMATCH']) {
      expect(lists({ editorId: 'e', payment: { status } })).toEqual(['unpaid']);
    }
    expect(lists({ editorId: 'e' })).toEqual(['unpaid']);
    expect(lists({ status: 'COMPLETED', payment: null })).toEqual(['unpaid']);
    for (const status of ['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED']) {
      expect(lists({ editorId: 'e', payment: { status } })).toEqual([]);
    }
    expect(lists({ status: 'CANCELLED' })).toEqual([]);
    expect(needsMarkersOf(job({ editorId: 'e' }))[0]!.key).toEqual({
      PK: 'NEEDS#UNPAID',
      SK: '2026-11-20T10:00:00.000Z#01J',
    });
  });

  it('cancellation requests: pending, on a job that can still be cancelled, keyed by the request time', () => {
    const paid = { editorId: 'e', payment: { status: 'PAID' } };
    expect(lists({ ...paid, cancellationRequest: requested })).toEqual(['cancellationRequests']);
    expect(lists({ ...paid, status: 'DELIVERED', cancellationRequest: requested })).toEqual(['cancellationRequests']);
    expect(lists({ ...paid, cancellationRequest: { ...requested, status: 'DECLINED' } })).toEqual([]);
    expect(lists({ ...paid, status: 'COMPLETED', cancellationRequest: requested })).toEqual([]);
    expect(lists({ ...paid, status: 'CANCELLED', cancellationRequest: requested })).toEqual([]);
    expect(needsMarkersOf(job({ ...paid, cancellationRequest: requested }))[0]!.key.SK).toBe(
      '2026-11-21T08:00:00.000Z#01J',
    );
  });
});

describe("the end of the studio's day", () => {
  it('is the next midnight in the time zone, as a UTC instant', () => {
    expect(endOfDayIn(new Date('2026-11-28T10:00:00.000Z'), 'UTC')).toBe('2026-11-29T00:00:00.000Z');
    expect(endOfDayIn(new Date('2026-11-28T23:59:59.999Z'), 'UTC')).toBe('2026-11-29T00:00:00.000Z');
    // Warsaw is UTC+1 in winter: 23:30 UTC is already the next day there.
    expect(endOfDayIn(new Date('2026-11-28T23:30:00.000Z'), 'Europe/Warsaw')).toBe('2026-11-29T23:00:00.000Z');
    expect(endOfDayIn(new Date('2026-11-28T10:00:00.000Z'), 'Europe/Warsaw')).toBe('2026-11-28T23:00:00.000Z');
    // New York, UTC-5: 03:00 UTC is still the evening before.
    expect(endOfDayIn(new Date('2026-11-28T03:00:00.000Z'), 'America/New_York')).toBe('2026-11-28T05:00:00.000Z');
    // Kolkata, UTC+5:30.
    expect(endOfDayIn(new Date('2026-11-28T10:00:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-28T18:30:00.000Z');
  });

  it('follows a change of offset during the day', () => {
    // Warsaw moves to summer time on 2026-03-29 at 02:00 (UTC+1 -> UTC+2): that day ends at 22:00 UTC.
    expect(endOfDayIn(new Date('2026-03-29T00:30:00.000Z'), 'Europe/Warsaw')).toBe('2026-03-29T22:00:00.000Z');
    // And back on 2026-10-25 at 03:00 (UTC+2 -> UTC+1): that day ends at 23:00 UTC.
    expect(endOfDayIn(new Date('2026-10-24T23:30:00.000Z'), 'Europe/Warsaw')).toBe('2026-10-25T23:00:00.000Z');
  });
});
