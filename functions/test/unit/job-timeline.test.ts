/**
 * Which timeline entry a staff change of a job writes (#17): one per recorded change, chosen by
 * what matters most, and none for a change the timeline does not record.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { isBillableRound } from '@studio/shared/job-lifecycle';
import { sampleJob } from './job-fixture.ts';
import { jobChangeEntry, milestoneReached } from '../../src/data/job-timeline.ts';

const base: Job = sampleJob({
  round: 1,
});

const entry = (before: Partial<Job>, after: Partial<Job>) => {
  const found = jobChangeEntry({ ...base, ...before }, { ...base, ...after });
  return found && `${found.kind}:${found.action}:${found.summary}`;
};

describe('jobChangeEntry', () => {
  it('records assignment, the start of work and the milestones reached going up', () => {
    expect(entry({}, { editorId: 'e1', status: 'IN_PROGRESS' })).toBe('assigned:assigned:Assigned to an editor');
    expect(entry({ editorId: 'e1', status: 'IN_PROGRESS' }, { editorId: 'e2', status: 'IN_PROGRESS' })).toBe(
      'assigned:reassigned:Reassigned to another editor',
    );
    expect(entry({}, { progress: 10, status: 'IN_PROGRESS' })).toBe('progress:started:Work started');
    const working = { status: 'IN_PROGRESS' as const, editorId: 'e1' };
    expect(entry({ ...working, progress: 10 }, { ...working, progress: 30 })).toBe(
      'progress:milestone:Progress reached 25 %',
    );
    // Several milestones at once: the highest.
    expect(entry({ ...working, progress: 10 }, { ...working, progress: 80 })).toBe(
      'progress:milestone:Progress reached 75 %',
    );
    expect(entry({ ...working, progress: 30 }, { ...working, progress: 45 })).toBeNull();
    expect(entry({ ...working, progress: 60 }, { ...working, progress: 40 })).toBeNull();
    expect(entry({ ...working }, { ...working, instructions: 'x' })).toBeNull();
  });

  it('records a delivery (round 1 and later rounds), a reopening, a revision started and a cancellation, once each', () => {
    const working = { status: 'IN_PROGRESS' as const, editorId: 'e1', progress: 60 };
    // 60 -> 100 passes 75 % too: the delivery is what is recorded.
    expect(entry(working, { ...working, status: 'DELIVERED', progress: 100 })).toBe('delivered:delivered:Delivered');
    expect(entry({ ...working, round: 3 }, { ...working, round: 3, status: 'DELIVERED', progress: 100 })).toBe(
      'delivered:delivered:Delivered again (revision 2)',
    );
    const delivered = { status: 'DELIVERED' as const, editorId: 'e1', progress: 100 };
    expect(entry(delivered, { ...delivered, status: 'IN_PROGRESS', progress: 90 })).toBe(
      'reopened:reopened:Reopened by the studio for more work',
    );
    const sentBack = { status: 'REVISION_REQUESTED' as const, editorId: 'e1', progress: 0, round: 2 };
    expect(entry(sentBack, { ...sentBack, status: 'IN_PROGRESS', progress: 30 })).toBe(
      'revision:started:Revision 1 started',
    );
    expect(entry(working, { ...working, status: 'CANCELLED' })).toBe('cancellation:cancelled:Cancelled by the studio');
    expect(entry(delivered, { ...delivered, instructions: 'y' })).toBeNull();
  });

  it('milestones: 25, 50 and 75, reached or passed', () => {
    expect(milestoneReached(0, 25)).toBe(25);
    expect(milestoneReached(24, 26)).toBe(25);
    expect(milestoneReached(25, 49)).toBeNull();
    expect(milestoneReached(0, 100)).toBe(75);
    expect(milestoneReached(80, 100)).toBeNull();
  });
});

describe('billable rounds', () => {
  it('with 2 free rounds, rounds 2 and 3 are free and round 4 is billable; with 0, every request is', () => {
    expect([2, 3, 4, 5].map((round) => isBillableRound(round, 2))).toEqual([false, false, true, true]);
    expect(isBillableRound(2, 0)).toBe(true);
  });
});
