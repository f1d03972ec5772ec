import { describe, expect, it } from 'vitest';
import { byDueTime, dueState, isOpenWork, durationText } from './job-due.ts';

const now = Date.parse('2026-11-25T12:00:00.000Z');
const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

describe('dueState', () => {
  it('says the time left, or how long overdue, of an open job', () => {
    expect(dueState({ status: 'IN_PROGRESS', dueAt: at(5) }, now)).toMatchObject({ kind: 'due', text: 'due in 5 h' });
    expect(dueState({ status: 'PENDING', dueAt: at(-2) }, now)).toMatchObject({
      kind: 'overdue',
      text: 'overdue by 2 h',
    });
    expect(dueState({ status: 'PENDING', dueAt: at(0.5) }, now)).toMatchObject({ text: 'due in 30 min' });
    expect(dueState({ status: 'PENDING', dueAt: at(76) }, now)).toMatchObject({ text: 'due in 3 days 4 h' });
  });

  it('has no due time before payment, and is never overdue once finished', () => {
    expect(dueState({ status: 'PENDING', dueAt: null }, now)).toEqual({ kind: 'not-set' });
    expect(dueState({ status: 'COMPLETED', dueAt: at(-30) }, now)).toMatchObject({ kind: 'finished' });
    expect(dueState({ status: 'CANCELLED', dueAt: at(-30) }, now)).toMatchObject({ kind: 'finished' });
    // Delivered work waits for the client, not the studio; a revision request makes it due again.
    expect(dueState({ status: 'DELIVERED', dueAt: at(-30) }, now)).toMatchObject({ kind: 'finished' });
    expect(dueState({ status: 'REVISION_REQUESTED', dueAt: at(-30) }, now)).toMatchObject({ kind: 'overdue' });
    expect(isOpenWork({ status: 'DELIVERED' })).toBe(false);
    expect(isOpenWork({ status: 'REVISION_REQUESTED' })).toBe(true);
  });

  it('writes durations in minutes, hours, then days', () => {
    expect(durationText(59 * 60_000)).toBe('59 min');
    expect(durationText(-47 * 3_600_000)).toBe('47 h');
    expect(durationText(48 * 3_600_000)).toBe('2 days');
  });
});

describe('byDueTime', () => {
  it('lists open jobs soonest due first, then those without a due time, then finished ones', () => {
    const jobs = [
      { id: 'done', status: 'COMPLETED' as const, dueAt: at(-100) },
      { id: 'unpaid', status: 'PENDING' as const, dueAt: null },
      { id: 'later', status: 'IN_PROGRESS' as const, dueAt: at(20) },
      { id: 'overdue', status: 'IN_PROGRESS' as const, dueAt: at(-3) },
      { id: 'soon', status: 'PENDING' as const, dueAt: at(1) },
    ];
    expect(byDueTime(jobs).map((job) => job.id)).toEqual(['overdue', 'soon', 'later', 'unpaid', 'done']);
  });
});
