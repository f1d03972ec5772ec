import { describe, expect, it } from 'vitest';
import {
  canMoveImage,
  emptyImageCounts,
  fileStem,
  imageStatuses,
  imageTransitions,
  jobStatusFromImages,
  matchByStem,
  movedCounts,
  progressFromImages,
  type ImageCounts,
  type ImageStatus,
} from '../src/images.ts';
import { jobStatuses } from '../src/job.ts';

const counts = (partial: Partial<ImageCounts>): ImageCounts => ({ ...emptyImageCounts(), ...partial });

describe('the image transition table', () => {
  // Written out on purpose: a change of the table must change this list too.
  const allowed: [ImageStatus, ImageStatus][] = [
    ['RECEIVED', 'IN_QC'],
    ['RECEIVED', 'DELIVERED'],
    ['IN_EDIT', 'IN_QC'],
    ['IN_EDIT', 'DELIVERED'],
    ['IN_QC', 'DELIVERED'],
    ['IN_QC', 'IN_EDIT'],
    ['DELIVERED', 'IN_QC'],
    ['DELIVERED', 'IN_EDIT'],
    ['DELIVERED', 'APPROVED'],
    ['DELIVERED', 'REJECTED'],
    ['APPROVED', 'DELIVERED'],
    ['REJECTED', 'IN_EDIT'],
    ['REJECTED', 'DELIVERED'],
  ];
  const pairs = imageStatuses.flatMap((from) => imageStatuses.map((to) => [from, to] as [ImageStatus, ImageStatus]));

  it.each(pairs)('%s -> %s', (from, to) => {
    const expected = allowed.some(([a, b]) => a === from && b === to);
    expect(canMoveImage(from, to)).toBe(expected);
  });

  it('walks all 36 pairs and names only known statuses', () => {
    expect(pairs).toHaveLength(36);
    for (const targets of Object.values(imageTransitions)) {
      for (const to of targets) expect(imageStatuses).toContain(to);
    }
  });

  it('never moves a status to itself, never back to RECEIVED, and lets a decision go back only to DELIVERED', () => {
    for (const status of imageStatuses) expect(canMoveImage(status, status)).toBe(false);
    for (const status of imageStatuses) expect(canMoveImage(status, 'RECEIVED')).toBe(false);
    // A client's decision not yet sent is withdrawn (#34): never back into the studio's work.
    expect(imageTransitions.APPROVED).toEqual(['DELIVERED']);
  });
});

describe('a job with images follows them', () => {
  it('is DELIVERED once no image is in work, after work', () => {
    expect(jobStatusFromImages('IN_PROGRESS', counts({ DELIVERED: 3 }), true)).toBe('DELIVERED');
    expect(jobStatusFromImages('PENDING', counts({ DELIVERED: 2, APPROVED: 1 }), true)).toBe('DELIVERED');
    expect(jobStatusFromImages('REVISION_REQUESTED', counts({ DELIVERED: 1, REJECTED: 1 }), true)).toBe('DELIVERED');
  });

  it('stays IN_PROGRESS while any image is received, in edit or in QC', () => {
    for (const status of ['RECEIVED', 'IN_EDIT', 'IN_QC'] as const) {
      expect(jobStatusFromImages('IN_PROGRESS', counts({ DELIVERED: 4999, [status]: 1 }), true)).toBe('IN_PROGRESS');
    }
  });

  it('reopens a delivered job whose image goes back to work, and starts pending or sent-back jobs on work', () => {
    expect(jobStatusFromImages('DELIVERED', counts({ DELIVERED: 1, IN_QC: 1 }), true)).toBe('IN_PROGRESS');
    expect(jobStatusFromImages('PENDING', counts({ RECEIVED: 1, IN_QC: 1 }), true)).toBe('IN_PROGRESS');
    expect(jobStatusFromImages('REVISION_REQUESTED', counts({ DELIVERED: 1, IN_EDIT: 1 }), true)).toBe('IN_PROGRESS');
    // Without work (a count repaired, nothing done) a pending job stays pending.
    expect(jobStatusFromImages('PENDING', counts({ RECEIVED: 2 }), false)).toBe('PENDING');
    expect(jobStatusFromImages('REVISION_REQUESTED', counts({ DELIVERED: 2 }), false)).toBe('REVISION_REQUESTED');
  });

  it('leaves completed and cancelled jobs, and jobs without images, where they are', () => {
    for (const status of jobStatuses) {
      if (status !== 'COMPLETED' && status !== 'CANCELLED') continue;
      expect(jobStatusFromImages(status, counts({ IN_QC: 1 }), true)).toBe(status);
    }
    expect(jobStatusFromImages('IN_PROGRESS', emptyImageCounts(), true)).toBe('IN_PROGRESS');
  });

  it('counts progress as the share delivered, 100 only when all are', () => {
    expect(progressFromImages(counts({ RECEIVED: 3, DELIVERED: 1 }))).toBe(25);
    expect(progressFromImages(counts({ DELIVERED: 4999, IN_QC: 1 }))).toBe(99);
    expect(progressFromImages(counts({ DELIVERED: 4, APPROVED: 1 }))).toBe(100);
    expect(progressFromImages(emptyImageCounts())).toBe(0);
  });

  it('moves counts', () => {
    const next = movedCounts(counts({ RECEIVED: 3 }), [
      { from: 'RECEIVED', to: 'IN_QC' },
      { from: 'RECEIVED', to: 'IN_QC' },
      { from: 'IN_QC', to: 'IN_QC' },
    ]);
    expect(next).toEqual(counts({ RECEIVED: 1, IN_QC: 2 }));
  });
});

describe('matching finished files to originals by name', () => {
  it('compares stems: no folder, no last extension, any case', () => {
    expect(fileStem('Shots/Shoe 12.JPG')).toBe('shoe 12');
    expect(fileStem('C:\\a\\b.tar.gz')).toBe('b.tar');
    expect(fileStem('.hidden')).toBe('.hidden');
    expect(fileStem('noext')).toBe('noext');
  });

  it('matches, leaves unmatched, or says which originals are ambiguous', () => {
    const images = [{ fileName: 'shoe-12.jpg' }, { fileName: 'bag.jpg' }, { fileName: 'bag.png' }];
    expect(matchByStem('SHOE-12.psd', images)).toEqual({ kind: 'matched', image: images[0] });
    expect(matchByStem('hat.tif', images)).toEqual({ kind: 'unmatched' });
    expect(matchByStem('bag.tif', images)).toEqual({ kind: 'ambiguous', images: [images[1], images[2]] });
  });
});
