import { describe, expect, it } from 'vitest';
import type { Job } from '@studio/shared/job';
import { derivedJobStatus, editorUpdateBodySchema, updateJobBodySchema } from '@studio/shared/job-workflow';
import { ConflictError } from '../../src/lib/errors.ts';
import { planAssignment, planEditorUpdate, planManagerUpdate } from '../../src/jobs/transitions.ts';

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: '01JD0J0B000000000000000001',
    jobNumber: 'RS-2026-0001',
    clientId: 'c',
    client: { name: 'C', email: 'c@example.test' },
    serviceId: '01JD0J0B000000000000000002',
    serviceName: 'S',
    selectedSubServices: [],
    subServices: [],
    currency: 'USD',
    linkType: 'own',
    dropboxLink: 'https://x.example/a',
    uploadId: null,
    numberOfPhotos: 1,
    instructions: '',
    status: 'PENDING',
    progress: 0,
    editorId: null,
    editorDropboxLink: null,
    deliverableCount: 0,
    totalCents: 100,
    totalPrice: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    payment: null,
    invoiceNumber: 'INV-2026-0001',
    ...overrides,
  };
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

describe('derivedJobStatus', () => {
  it.each([
    [{ cancelled: false, editorId: null, progress: 0, editorDropboxLink: null, deliverableCount: 0 }, 'PENDING'],
    [{ cancelled: false, editorId: 'e', progress: 0, editorDropboxLink: null, deliverableCount: 0 }, 'IN_PROGRESS'],
    [{ cancelled: false, editorId: null, progress: 1, editorDropboxLink: null, deliverableCount: 0 }, 'IN_PROGRESS'],
    [{ cancelled: false, editorId: 'e', progress: 100, editorDropboxLink: null, deliverableCount: 0 }, 'IN_PROGRESS'],
    [
      { cancelled: false, editorId: 'e', progress: 99, editorDropboxLink: 'https://d', deliverableCount: 0 },
      'IN_PROGRESS',
    ],
    [
      { cancelled: false, editorId: 'e', progress: 100, editorDropboxLink: 'https://d', deliverableCount: 0 },
      'COMPLETED',
    ],
    [
      { cancelled: true, editorId: 'e', progress: 100, editorDropboxLink: 'https://d', deliverableCount: 0 },
      'CANCELLED',
    ],
    // Delivered files count as a delivery as much as a link (issue 15).
    [{ cancelled: false, editorId: 'e', progress: 100, editorDropboxLink: null, deliverableCount: 3 }, 'COMPLETED'],
    [{ cancelled: false, editorId: 'e', progress: 90, editorDropboxLink: null, deliverableCount: 3 }, 'IN_PROGRESS'],
  ] as const)('%o is %s', (input, status) => {
    expect(derivedJobStatus(input)).toBe(status);
  });
});

describe('transitions', () => {
  it('assignment starts a pending job; completed and cancelled jobs refuse it', () => {
    expect(planAssignment(job(), 'e1')).toEqual({ editorId: 'e1', status: 'IN_PROGRESS' });
    expect(planAssignment(job({ status: 'IN_PROGRESS', editorId: 'e1', progress: 30 }), 'e2').status).toBe(
      'IN_PROGRESS',
    );
    expect(conflict(() => planAssignment(job({ status: 'COMPLETED' }), 'e1'))).toMatch(/reassigned/);
    expect(conflict(() => planAssignment(job({ status: 'CANCELLED' }), 'e1'))).toMatch(/cancelled/);
  });

  it('100 % needs a delivery link, given now or before', () => {
    const assigned = job({ status: 'IN_PROGRESS', editorId: 'e1' });
    expect(conflict(() => planEditorUpdate(assigned, { progress: 100 }))).toMatch(
      /finished files or add the delivery link/,
    );
    expect(planEditorUpdate(assigned, { progress: 100, editorDropboxLink: 'https://d' }).status).toBe('COMPLETED');
    const linked = job({ status: 'IN_PROGRESS', editorId: 'e1', editorDropboxLink: 'https://d', progress: 80 });
    expect(planEditorUpdate(linked, { progress: 100 }).status).toBe('COMPLETED');
    expect(conflict(() => planManagerUpdate(assigned, { progress: 100 }))).toMatch(
      /finished files or add the delivery link/,
    );
    // Files uploaded to the job are a delivery without any link.
    const delivered = job({ status: 'IN_PROGRESS', editorId: 'e1', deliverableCount: 2, progress: 60 });
    expect(planEditorUpdate(delivered, { progress: 100 }).status).toBe('COMPLETED');
  });

  it('cancellation: from open jobs only, and final', () => {
    expect(planManagerUpdate(job(), { status: 'CANCELLED' }).status).toBe('CANCELLED');
    expect(
      planManagerUpdate(job({ status: 'IN_PROGRESS', progress: 100, editorId: 'e' }), { status: 'CANCELLED' }).status,
    ).toBe('CANCELLED');
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

  it('lowering the progress of a completed job reopens it', () => {
    const done = job({ status: 'COMPLETED', progress: 100, editorId: 'e', editorDropboxLink: 'https://d' });
    expect(planManagerUpdate(done, { progress: 90 }).status).toBe('IN_PROGRESS');
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
