import { describe, expect, it } from 'vitest';
import { jobStatuses, type Job, type JobStatus } from '@studio/shared/job';
import {
  canMoveJob,
  derivedJobStatus,
  editorUpdateBodySchema,
  jobTransitions,
  updateJobBodySchema,
} from '@studio/shared/job-workflow';
import { ConflictError } from '../../src/lib/errors.ts';
import { sampleJob } from './job-fixture.ts';
import {
  assertMove,
  planAssignment,
  planEditorUpdate,
  planManagerUpdate,
  refusedMoveMessage,
} from '../../src/jobs/transitions.ts';

function job(overrides: Partial<Job> = {}): Job {
  return sampleJob({
    client: { name: 'C', email: 'c@example.test' },
    dropboxLink: 'https://x.example/a',
    invoiceNumber: 'INV-2026-0001',
    ...overrides,
  });
}

const conflict = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConflictError);
    return (error as Error).message;
  }
  throw new Error('expected a 409');
};

const work = { cancelled: false, touchesWork: true, editorDropboxLink: null, deliverableCount: 0 } as const;

describe('derivedJobStatus', () => {
  it.each([
    [{ ...work, status: 'PENDING', editorId: null, progress: 0 }, 'PENDING'],
    [{ ...work, status: 'PENDING', editorId: 'e', progress: 0 }, 'IN_PROGRESS'],
    [{ ...work, status: 'PENDING', editorId: null, progress: 1 }, 'IN_PROGRESS'],
    [{ ...work, status: 'IN_PROGRESS', editorId: 'e', progress: 100 }, 'IN_PROGRESS'],
    [{ ...work, status: 'IN_PROGRESS', editorId: 'e', progress: 99, editorDropboxLink: 'https://d' }, 'IN_PROGRESS'],
    [{ ...work, status: 'IN_PROGRESS', editorId: 'e', progress: 100, editorDropboxLink: 'https://d' }, 'DELIVERED'],
    [{ ...work, status: 'IN_PROGRESS', cancelled: true, editorId: 'e', progress: 100 }, 'CANCELLED'],
    // Delivered files count as a delivery as much as a link (issue 15).
    [{ ...work, status: 'IN_PROGRESS', editorId: 'e', progress: 100, deliverableCount: 3 }, 'DELIVERED'],
    [{ ...work, status: 'IN_PROGRESS', editorId: 'e', progress: 90, deliverableCount: 3 }, 'IN_PROGRESS'],
    // #17: a change that touches no work keeps a job waiting for (or past) the client's answer.
    [
      { ...work, status: 'DELIVERED', touchesWork: false, editorId: 'e', progress: 100, deliverableCount: 1 },
      'DELIVERED',
    ],
    [{ ...work, status: 'REVISION_REQUESTED', touchesWork: false, editorId: 'e', progress: 0 }, 'REVISION_REQUESTED'],
    [{ ...work, status: 'REVISION_REQUESTED', editorId: 'e', progress: 10, deliverableCount: 1 }, 'IN_PROGRESS'],
    [{ ...work, status: 'REVISION_REQUESTED', editorId: 'e', progress: 100, deliverableCount: 1 }, 'DELIVERED'],
    [{ ...work, status: 'DELIVERED', editorId: 'e', progress: 90, deliverableCount: 1 }, 'IN_PROGRESS'],
    [{ ...work, status: 'COMPLETED', editorId: 'e', progress: 100, deliverableCount: 1 }, 'COMPLETED'],
    [
      { ...work, status: 'COMPLETED', touchesWork: false, editorId: 'e', progress: 100, deliverableCount: 1 },
      'COMPLETED',
    ],
  ] as const)('%o is %s', (input, status) => {
    expect(derivedJobStatus(input)).toBe(status);
  });
});

describe('the transition table (#17)', () => {
  const allowed: [JobStatus, JobStatus][] = [
    ['PENDING', 'IN_PROGRESS'],
    ['PENDING', 'DELIVERED'],
    ['PENDING', 'CANCELLED'],
    ['IN_PROGRESS', 'PENDING'],
    ['IN_PROGRESS', 'DELIVERED'],
    ['IN_PROGRESS', 'CANCELLED'],
    ['DELIVERED', 'COMPLETED'],
    ['DELIVERED', 'REVISION_REQUESTED'],
    ['DELIVERED', 'IN_PROGRESS'],
    ['DELIVERED', 'CANCELLED'],
    ['REVISION_REQUESTED', 'IN_PROGRESS'],
    ['REVISION_REQUESTED', 'DELIVERED'],
    ['REVISION_REQUESTED', 'CANCELLED'],
  ];
  const key = ([from, to]: [JobStatus, JobStatus]) => `${from}->${to}`;
  const allowedKeys = new Set(allowed.map(key));
  const everyPair = jobStatuses.flatMap((from) => jobStatuses.map((to): [JobStatus, JobStatus] => [from, to]));
  const refused = everyPair.filter((pair) => !allowedKeys.has(key(pair)));

  it('lists exactly the allowed moves, and every status', () => {
    expect(Object.keys(jobTransitions).sort()).toEqual([...jobStatuses].sort());
    const listed = Object.entries(jobTransitions).flatMap(([from, tos]) =>
      (tos as readonly JobStatus[]).map((to) => key([from as JobStatus, to])),
    );
    expect(listed.sort()).toEqual([...allowedKeys].sort());
  });

  it.each(allowed)('allows %s -> %s', (from, to) => {
    expect(canMoveJob(from, to)).toBe(true);
    expect(() => assertMove({ status: from }, to)).not.toThrow();
  });

  it.each(refused)('refuses %s -> %s (a status never moves to itself)', (from, to) => {
    expect(canMoveJob(from, to)).toBe(false);
    // Staying where it is is no move: only a cancelled job refuses even that.
    if (from === to && from !== 'CANCELLED') expect(() => assertMove({ status: from }, to)).not.toThrow();
    else expect(conflict(() => assertMove({ status: from }, to))).toBeTruthy();
  });

  it('COMPLETED and CANCELLED are final', () => {
    expect(jobTransitions.COMPLETED).toEqual([]);
    expect(jobTransitions.CANCELLED).toEqual([]);
  });

  it('says why in words', () => {
    expect(refusedMoveMessage('CANCELLED', 'IN_PROGRESS')).toMatch(/cancelled/);
    expect(refusedMoveMessage('COMPLETED', 'CANCELLED')).toMatch(/completed job cannot be cancelled/);
    expect(refusedMoveMessage('IN_PROGRESS', 'COMPLETED')).toMatch(/Only a delivered job/);
    expect(refusedMoveMessage('PENDING', 'REVISION_REQUESTED')).toMatch(/Only a delivered job/);
  });
});

describe('transitions', () => {
  it('assignment starts a pending job; delivered, completed and cancelled jobs refuse it', () => {
    expect(planAssignment(job(), 'e1')).toEqual({ editorId: 'e1', status: 'IN_PROGRESS' });
    expect(planAssignment(job({ status: 'IN_PROGRESS', editorId: 'e1', progress: 30 }), 'e2').status).toBe(
      'IN_PROGRESS',
    );
    expect(planAssignment(job({ status: 'REVISION_REQUESTED', editorId: 'e1', round: 2 }), 'e2').status).toBe(
      'REVISION_REQUESTED',
    );
    expect(conflict(() => planAssignment(job({ status: 'COMPLETED' }), 'e1'))).toMatch(/reassigned/);
    expect(conflict(() => planAssignment(job({ status: 'DELIVERED' }), 'e1'))).toMatch(/keeps its editor/);
    expect(conflict(() => planAssignment(job({ status: 'CANCELLED' }), 'e1'))).toMatch(/cancelled/);
  });

  it('100 % needs a delivery link, given now or before; with one the job is DELIVERED', () => {
    const assigned = job({ status: 'IN_PROGRESS', editorId: 'e1' });
    expect(conflict(() => planEditorUpdate(assigned, { progress: 100 }))).toMatch(
      /finished files or add the delivery link/,
    );
    expect(planEditorUpdate(assigned, { progress: 100, editorDropboxLink: 'https://d' }).status).toBe('DELIVERED');
    const linked = job({ status: 'IN_PROGRESS', editorId: 'e1', editorDropboxLink: 'https://d', progress: 80 });
    expect(planEditorUpdate(linked, { progress: 100 }).status).toBe('DELIVERED');
    expect(conflict(() => planManagerUpdate(assigned, { progress: 100 }))).toMatch(
      /finished files or add the delivery link/,
    );
    // Files uploaded to the job are a delivery without any link.
    const delivered = job({ status: 'IN_PROGRESS', editorId: 'e1', deliverableCount: 2, progress: 60 });
    expect(planEditorUpdate(delivered, { progress: 100 }).status).toBe('DELIVERED');
  });

  it('a revision round: the first progress starts it, 100 % delivers it again', () => {
    const sentBack = job({ status: 'REVISION_REQUESTED', editorId: 'e1', deliverableCount: 2, progress: 0, round: 2 });
    expect(planEditorUpdate(sentBack, { progress: 20 }).status).toBe('IN_PROGRESS');
    expect(planEditorUpdate(sentBack, { progress: 100 }).status).toBe('DELIVERED');
    expect(planManagerUpdate(sentBack, { instructions: 'more contrast' }).status).toBe('REVISION_REQUESTED');
  });

  it('cancellation: from any job not completed, and final', () => {
    expect(planManagerUpdate(job(), { status: 'CANCELLED' }).status).toBe('CANCELLED');
    expect(
      planManagerUpdate(job({ status: 'IN_PROGRESS', progress: 100, editorId: 'e' }), { status: 'CANCELLED' }).status,
    ).toBe('CANCELLED');
    const waiting = job({ status: 'DELIVERED', progress: 100, editorId: 'e', editorDropboxLink: 'https://d' });
    expect(planManagerUpdate(waiting, { status: 'CANCELLED' }).status).toBe('CANCELLED');
    const done = job({ status: 'COMPLETED', progress: 100, editorId: 'e', editorDropboxLink: 'https://d' });
    expect(conflict(() => planManagerUpdate(done, { status: 'CANCELLED' }))).toMatch(/cannot be cancelled/);
    const cancelled = job({ status: 'CANCELLED' });
    for (const attempt of [
      () => planManagerUpdate(cancelled, { progress: 10 }),
      () => planManagerUpdate(cancelled, { instructions: 'x' }),
      () => planEditorUpdate(cancelled, { editorDropboxLink: 'https://d' }),
    ]) {
      expect(conflict(attempt)).toMatch(/cancelled/);
    }
  });

  it('lowering the progress of a delivery not answered yet reopens it; an approved job stays closed', () => {
    const waiting = job({ status: 'DELIVERED', progress: 100, editorId: 'e', editorDropboxLink: 'https://d' });
    expect(planManagerUpdate(waiting, { progress: 90 }).status).toBe('IN_PROGRESS');
    const done = job({ status: 'COMPLETED', progress: 100, editorId: 'e', editorDropboxLink: 'https://d' });
    expect(conflict(() => planManagerUpdate(done, { progress: 90 }))).toMatch(/approved and is complete/);
    expect(planManagerUpdate(done, { instructions: 'kept for the record' }).status).toBe('COMPLETED');
  });
});

describe('a job with images (#33)', () => {
  const counts = { RECEIVED: 1, IN_EDIT: 0, IN_QC: 1, DELIVERED: 2, APPROVED: 0, REJECTED: 0 };
  const imageJob = job({ linkType: 'generate', uploadId: '01JD0J0B000000000000000003', imageCounts: counts });

  it('refuses a progress other than its images’ share, and keeps status and progress on other writes', () => {
    const working = { ...imageJob, status: 'IN_PROGRESS' as const, editorId: 'e', progress: 50 };
    expect(conflict(() => planEditorUpdate(working, { progress: 100 }))).toMatch(
      /follows its images \(2 of 4 delivered, 50 %\)/,
    );
    expect(conflict(() => planManagerUpdate(working, { progress: 0 }))).toMatch(/follows its images/);
    // The same progress, or a link: no change of status, progress not written.
    expect(planEditorUpdate(working, { progress: 50, editorDropboxLink: 'https://d' })).toMatchObject({
      status: 'IN_PROGRESS',
      progress: undefined,
    });
    expect(planManagerUpdate(working, { instructions: 'More contrast.' }).status).toBe('IN_PROGRESS');
  });

  it('starts when assigned and is cancelled like any job, but a link does not deliver it', () => {
    expect(planAssignment(imageJob, 'e').status).toBe('IN_PROGRESS');
    expect(planManagerUpdate(imageJob, { status: 'CANCELLED' }).status).toBe('CANCELLED');
    const assigned = { ...imageJob, status: 'IN_PROGRESS' as const, editorId: 'e' };
    expect(planEditorUpdate(assigned, { editorDropboxLink: 'https://d' }).status).toBe('IN_PROGRESS');
  });
});

describe('bodies', () => {
  it.each([-1, 101, 50.5, '50', 'abc', null, Number.NaN])('progress %j is refused', (progress) => {
    expect(editorUpdateBodySchema.safeParse({ progress }).success).toBe(false);
    expect(updateJobBodySchema.safeParse({ progress }).success).toBe(false);
  });

  it.each([0, 1, 99, 100])('progress %j is accepted', (progress) => {
    expect(editorUpdateBodySchema.safeParse({ progress }).success).toBe(true);
  });

  it('refuses status other than CANCELLED, unknown keys and empty bodies', () => {
    expect(updateJobBodySchema.safeParse({ status: 'COMPLETED' }).success).toBe(false);
    expect(updateJobBodySchema.safeParse({ numberOfPhotos: 3 }).success).toBe(false);
    expect(updateJobBodySchema.safeParse({}).success).toBe(false);
    expect(editorUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(editorUpdateBodySchema.safeParse({ editorDropboxLink: 'ftp://x.example/a' }).success).toBe(false);
  });
});
