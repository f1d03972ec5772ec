import { describe, expect, it } from 'vitest';
import type { ImageStatus } from '@studio/shared/images';
import { figuresAfter, type ImageChange } from '../../src/data/image-changes.ts';
import type { ImageItem, VersionSummary } from '../../src/data/images.ts';

/*
 * First-time approval (#34): the job's counters follow each image's change, whatever else the
 * change does (docs/decisions/image-review.md).
 */

const version: VersionSummary = {
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  number: 1,
  round: 1,
  key: 'deliverables/j/01ARZ3NDEKTSV4RRFFQ69G5FAV.jpg',
  fileName: 'a.jpg',
  size: 10,
  contentType: 'image/jpeg',
  preview: 'READY',
  thumbnailKey: null,
  width: null,
  height: null,
  deliveredAt: '2026-11-28T00:00:00.000Z',
  deliveredBy: 'editor',
};

function image(status: ImageStatus, extra: Partial<ImageItem> = {}): ImageItem {
  return {
    id: '01ARZ3NDEKTSV4RRFFQ69G5FAW',
    uploadId: 'u',
    key: 'clients/c/u/a.jpg',
    fileName: 'a.jpg',
    size: 10,
    contentType: 'image/jpeg',
    thumbnailKey: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    status,
    indexed: true,
    statusAt: '2026-11-28T00:00:00.000Z',
    preview: 'READY',
    width: null,
    height: null,
    jobId: 'j',
    versionCount: 1,
    current: version,
    released: status === 'IN_QC' || status === 'RECEIVED' ? null : version,
    qcNote: null,
    screenKey: null,
    review: null,
    sentBackCount: 0,
    updatedAt: '2026-11-28T00:00:00.000Z',
    ...extra,
  };
}

const zero = { delivered: 0, firstTimeApproved: 0, sentBack: 0 };
const after = (...changes: ImageChange[]) => figuresAfter(zero, changes);

describe('first-time approval counters', () => {
  it('counts an image delivered the first time a version is released to the client, not again', () => {
    expect(after({ image: image('IN_QC'), to: 'DELIVERED', set: { released: version } })).toMatchObject({
      delivered: 1,
    });
    // A redo released again: the image was delivered already.
    expect(
      after({ image: image('IN_QC', { released: version }), to: 'DELIVERED', set: { released: version } }),
    ).toMatchObject({ delivered: 0 });
    // A version in QC is not released.
    expect(after({ image: image('RECEIVED'), to: 'IN_QC', set: { current: version } })).toEqual(zero);
  });

  it('counts an approval the first time only for an image never sent back, and takes a withdrawn one away', () => {
    expect(after({ image: image('DELIVERED'), to: 'APPROVED' })).toMatchObject({ firstTimeApproved: 1 });
    expect(after({ image: image('DELIVERED', { sentBackCount: 1 }), to: 'APPROVED' })).toEqual(zero);
    expect(after({ image: image('APPROVED'), to: 'DELIVERED' })).toMatchObject({ firstTimeApproved: -1 });
    expect(after({ image: image('APPROVED', { sentBackCount: 2 }), to: 'DELIVERED' })).toEqual(zero);
    // A rejection and its withdrawal count nothing.
    expect(after({ image: image('DELIVERED'), to: 'REJECTED' }, { image: image('REJECTED'), to: 'DELIVERED' })).toEqual(
      zero,
    );
  });

  it('counts an image sent back the first time it goes back to work from REJECTED', () => {
    expect(after({ image: image('REJECTED'), to: 'IN_EDIT' })).toMatchObject({ sentBack: 1 });
    expect(after({ image: image('REJECTED', { sentBackCount: 1 }), to: 'IN_EDIT' })).toEqual(zero);
    // QC sending a delivered image back to the editor is the studio's, not the client's.
    expect(after({ image: image('IN_QC'), to: 'IN_EDIT' })).toEqual(zero);
  });

  it('adds up over the changes of one transaction', () => {
    expect(
      figuresAfter({ delivered: 10, firstTimeApproved: 3, sentBack: 1 }, [
        { image: image('DELIVERED'), to: 'APPROVED' },
        { image: image('DELIVERED'), to: 'APPROVED' },
        { image: image('REJECTED'), to: 'IN_EDIT' },
      ]),
    ).toEqual({ delivered: 10, firstTimeApproved: 5, sentBack: 2 });
  });
});
