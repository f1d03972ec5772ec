import { describe, expect, it } from 'vitest';
import { maxUploadBytes } from '@studio/shared/upload';
import {
  initialUploadState,
  nextToUpload,
  uploadReducer,
  uploadSummary,
  type UploadAction,
  type UploadState,
} from './upload-queue.ts';

function photo(name: string, type = 'image/png', size = 10): File {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const run = (actions: UploadAction[], state: UploadState = initialUploadState) => actions.reduce(uploadReducer, state);

const uploadId = '01JD0UPL0AD0000000000000AA';

describe('uploadReducer', () => {
  it('queues chosen files and sends one at a time, in order', () => {
    const state = run([{ type: 'add', files: [photo('a.png'), photo('b.png')], ids: ['1', '2'] }]);
    expect(state.items.map((item) => item.status)).toEqual(['waiting', 'waiting']);
    expect(nextToUpload(state)?.id).toBe('1');
    const started = uploadReducer(state, { type: 'start', id: '1' });
    expect(nextToUpload(started)).toBeNull();
  });

  it('tracks progress per file, never backwards and never above 100', () => {
    const state = run([
      { type: 'add', files: [photo('a.png'), photo('b.png')], ids: ['1', '2'] },
      { type: 'start', id: '1' },
      { type: 'progress', id: '1', progress: 42.4 },
      { type: 'progress', id: '1', progress: 30 },
    ]);
    expect(state.items[0]?.progress).toBe(42);
    expect(state.items[1]?.progress).toBe(0);
    expect(uploadReducer(state, { type: 'progress', id: '1', progress: 250 }).items[0]?.progress).toBe(100);
  });

  it('keeps the first upload id so later files join the same upload', () => {
    const state = run([
      { type: 'add', files: [photo('a.png'), photo('b.png')], ids: ['1', '2'] },
      { type: 'start', id: '1' },
      { type: 'done', id: '1', uploadId },
      { type: 'start', id: '2' },
      { type: 'done', id: '2', uploadId: '01JD0UPL0AD0000000000000BB' },
    ]);
    expect(state.uploadId).toBe(uploadId);
    expect(uploadSummary(state)).toEqual({ done: 2, busy: false, ready: true });
  });

  it('lets a failed file be retried from 0%, then uploaded', () => {
    let state = run([
      { type: 'add', files: [photo('a.png')], ids: ['1'] },
      { type: 'start', id: '1' },
      { type: 'progress', id: '1', progress: 60 },
      { type: 'failed', id: '1', error: 'The upload failed. Please try again.' },
    ]);
    expect(state.items[0]).toMatchObject({
      status: 'failed',
      progress: 60,
      error: 'The upload failed. Please try again.',
    });
    expect(nextToUpload(state)).toBeNull();
    expect(uploadSummary(state).ready).toBe(false);

    state = uploadReducer(state, { type: 'retry', id: '1' });
    expect(state.items[0]).toMatchObject({ status: 'waiting', progress: 0, error: null });
    expect(nextToUpload(state)?.id).toBe('1');
  });

  it('refuses files that cannot be uploaded, without a retry', () => {
    const state = run([
      {
        type: 'add',
        files: [
          photo('notes.pdf', 'application/pdf'),
          photo('huge.tif', 'image/tiff', maxUploadBytes + 1),
          photo('ok.jpg', 'image/jpeg'),
        ],
        ids: ['1', '2', '3'],
      },
    ]);
    expect(state.items.map((item) => [item.status, item.retryable])).toEqual([
      ['failed', false],
      ['failed', false],
      ['waiting', true],
    ]);
    expect(state.items[1]?.error).toBe('A photo can be at most 100 MB.');
    expect(uploadReducer(state, { type: 'retry', id: '1' }).items[0]?.status).toBe('failed');
    expect(nextToUpload(state)?.id).toBe('3');
  });

  it('removes waiting or failed files but keeps stored and sending ones', () => {
    const state = run([
      {
        type: 'add',
        files: [photo('a.png'), photo('b.png'), photo('c.png'), photo('d.pdf', 'application/pdf')],
        ids: ['1', '2', '3', '4'],
      },
      { type: 'start', id: '1' },
      { type: 'done', id: '1', uploadId },
      { type: 'start', id: '2' },
    ]);
    const after = run(
      ['1', '2', '3', '4'].map((id) => ({ type: 'remove', id }) as const),
      state,
    );
    expect(after.items.map((item) => item.id)).toEqual(['1', '2']);
  });
});
