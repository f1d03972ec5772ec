import { describe, expect, it, vi } from 'vitest';
import type { BatchUploadLink } from '@studio/shared/image-api';
import { ApiError } from '../../../lib/api-client.ts';
import {
  PhotoUploadQueue,
  type ChosenFile,
  type ResumeStore,
  type StoredUpload,
  type UploadApi,
} from './photo-upload-queue.ts';

const uploadId = '01JD0UPL0AD0000000000000AA';

function photo(name: string, size = 10, type = 'image/jpeg'): ChosenFile {
  return { file: new File([new Uint8Array(size)], name, { type }) };
}

function photos(count: number, prefix = 'p'): ChosenFile[] {
  return Array.from({ length: count }, (_, i) => photo(`${prefix}${String(i).padStart(4, '0')}.jpg`, 10 + i));
}

/** A pending send the test settles. */
interface Send {
  key: string;
  progress: (bytes: number) => void;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The server and the bucket as the queue sees them: links numbered in order, sends held until the
 * test settles them (or settled at once with `instant`), confirmations answered from `refuse`.
 */
function fakeApi({
  instant = false,
  refuse = {} as Record<string, string>,
  bucket = new Set<string>(),
}: { instant?: boolean; refuse?: Record<string, string>; bucket?: Set<string> } = {}) {
  const linkCalls: { uploadId?: string; files: { fileName: string }[] }[] = [];
  const confirmCalls: { uploadId: string; photos: { key: string; fileName: string }[] }[] = [];
  const sends: Send[] = [];
  const sentKeys: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let keys = 0;
  const fileOfKey = new Map<string, string>();
  const api: UploadApi = {
    createLinks: vi.fn<UploadApi['createLinks']>(async (body) => {
      linkCalls.push(body);
      return {
        uploadId: body.uploadId ?? uploadId,
        links: body.files.map((file): BatchUploadLink => {
          const key = `client-uploads/u/${++keys}.jpg`;
          fileOfKey.set(key, file.fileName);
          return { fileName: file.fileName, key, post: { url: 'http://bucket.test', fields: {} }, multipart: null };
        }),
      };
    }),
    send: (link, file, onProgress, signal) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      sentKeys.push(link.key);
      return new Promise<void>((resolve, reject) => {
        const settle = (fn: () => void) => {
          inFlight -= 1;
          fn();
        };
        signal.addEventListener('abort', () => settle(() => reject(new DOMException('aborted', 'AbortError'))));
        const send: Send = {
          key: link.key,
          progress: onProgress,
          resolve: () =>
            settle(() => {
              bucket.add(link.key);
              resolve();
            }),
          reject: (error) => settle(() => reject(error)),
        };
        if (instant) {
          onProgress(file.size / 2);
          setTimeout(send.resolve, 0);
        } else sends.push(send);
      });
    },
    confirm: vi.fn<UploadApi['confirm']>(async (id, batch) => {
      confirmCalls.push({ uploadId: id, photos: batch });
      // As the server: a key with nothing stored under it is refused as missing.
      const reasonOf = (entry: { key: string; fileName: string }) =>
        bucket.has(entry.key) ? refuse[entry.fileName] : 'nothing was uploaded with this key';
      const refused = batch
        .filter((entry) => reasonOf(entry))
        .map((entry) => ({ fileName: entry.fileName, key: entry.key, reason: reasonOf(entry)! }));
      return { photos: [], refused, upload: { uploadId: id, photoCount: batch.length, bytes: 0 } };
    }),
  };
  return {
    api,
    bucket,
    linkCalls,
    confirmCalls,
    sends,
    sentKeys,
    fileOfKey,
    mostInFlight: () => mostInFlight,
    inFlight: () => inFlight,
  };
}

function memoryStore(): ResumeStore & { value: StoredUpload | null } {
  const store = {
    value: null as StoredUpload | null,
    load: () => (store.value ? structuredClone(store.value) : null),
    save: (state: StoredUpload) => {
      store.value = structuredClone(state);
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

const options = { notifyMs: 0, confirmDelayMs: 5 };

describe('PhotoUploadQueue', () => {
  it('sends at most `parallel` files at once and confirms every file once, in calls of at most 100', async () => {
    const server = fakeApi();
    const queue = new PhotoUploadQueue(server.api, null, { ...options, parallel: 3 });
    queue.add(photos(250));

    // Settle the sends as they come, one at a time: never more than three are open.
    await vi.waitFor(
      () => {
        expect(server.inFlight()).toBeLessThanOrEqual(3);
        server.sends.shift()?.resolve();
        expect(queue.getSnapshot().counts.done).toBe(250);
      },
      { timeout: 10_000, interval: 1 },
    );
    expect(server.mostInFlight()).toBe(3);

    // Links: the first call starts the upload, the later ones join it; none over 100 files.
    expect(server.linkCalls[0]!.uploadId).toBeUndefined();
    expect(server.linkCalls.slice(1).every((call) => call.uploadId === uploadId)).toBe(true);
    expect(Math.max(...server.linkCalls.map((call) => call.files.length))).toBeLessThanOrEqual(100);
    expect(server.linkCalls.reduce((sum, call) => sum + call.files.length, 0)).toBe(250);

    // Confirmations: each sent key once, in calls of at most 100, under the upload.
    const confirmed = server.confirmCalls.flatMap((call) => call.photos.map((entry) => entry.key));
    expect(new Set(confirmed).size).toBe(250);
    expect(confirmed).toHaveLength(250);
    expect(Math.max(...server.confirmCalls.map((call) => call.photos.length))).toBeLessThanOrEqual(100);
    expect(server.confirmCalls.every((call) => call.uploadId === uploadId)).toBe(true);
    const snapshot = queue.getSnapshot();
    expect(snapshot).toMatchObject({ confirmedCount: 250, busy: false, uploadId });
    expect(snapshot.sentBytes).toBe(snapshot.totalBytes);
  });

  it('shows each file’s bytes sent and the whole upload’s', async () => {
    const server = fakeApi();
    const queue = new PhotoUploadQueue(server.api, null, { ...options, parallel: 2 });
    queue.add([photo('a.jpg', 1000), photo('b.jpg', 3000), photo('c.jpg', 500)]);
    await vi.waitFor(() => expect(server.sends).toHaveLength(2));
    server.sends[0]!.progress(250);
    server.sends[1]!.progress(1500);
    await vi.waitFor(() => expect(queue.getSnapshot().sentBytes).toBe(1750));
    const snapshot = queue.getSnapshot();
    expect(snapshot.totalBytes).toBe(4500);
    expect(snapshot.items.map((item) => [item.status, item.sentBytes])).toEqual([
      ['uploading', 250],
      ['uploading', 1500],
      ['queued', 0],
    ]);
    expect(snapshot.busy).toBe(true);
  });

  it('retries a failed send with a new link, and a failed check without sending the file again', async () => {
    const server = fakeApi();
    let confirmFails = true;
    const confirm = server.api.confirm;
    server.api.confirm = async (id, batch) => {
      if (confirmFails && batch.some((entry) => server.fileOfKey.get(entry.key) === 'b.jpg')) {
        throw new ApiError(0, 'NETWORK', 'Network error occurred');
      }
      return confirm(id, batch);
    };
    const queue = new PhotoUploadQueue(server.api, null, { ...options, parallel: 1 });
    queue.add([photo('a.jpg'), photo('b.jpg')]);

    await vi.waitFor(() => expect(server.sends).toHaveLength(1));
    server.sends.shift()!.reject(new Error('upload answered 500'));
    await vi.waitFor(() => expect(server.sends).toHaveLength(1));
    server.sends.shift()!.resolve();
    await vi.waitFor(() => {
      const [a, b] = queue.getSnapshot().items;
      expect(a).toMatchObject({ status: 'failed', retryable: true, error: 'The upload failed. Please try again.' });
      expect(b).toMatchObject({
        status: 'failed',
        retryable: true,
        error: 'The photo could not be checked. Please try again.',
      });
    });
    expect(server.sentKeys).toHaveLength(2);

    // a.jpg: sent again under a new link. b.jpg: stored already, only checked again.
    confirmFails = false;
    queue.retryAllFailed();
    await vi.waitFor(() => expect(server.sends).toHaveLength(1));
    expect(server.linkCalls).toHaveLength(2);
    expect(server.fileOfKey.get(server.sends[0]!.key)).toBe('a.jpg');
    server.sends.shift()!.resolve();
    await vi.waitFor(() => expect(queue.getSnapshot().counts.done).toBe(2));
    expect(server.sentKeys).toHaveLength(3);
    expect(queue.getSnapshot().confirmedCount).toBe(2);
  });

  it('lists a file the server refuses with its reason, not counted and not retried', async () => {
    const server = fakeApi({ instant: true, refuse: { 'fake.jpg': 'fake.jpg is not an image, so it was not kept.' } });
    const queue = new PhotoUploadQueue(server.api, null, options);
    queue.add([photo('good.jpg'), photo('fake.jpg')]);
    await vi.waitFor(() => expect(queue.getSnapshot().busy).toBe(false));
    const [good, fake] = queue.getSnapshot().items;
    expect(good).toMatchObject({ status: 'done' });
    expect(fake).toMatchObject({
      status: 'refused',
      retryable: false,
      error: 'fake.jpg is not an image, so it was not kept.',
    });
    expect(queue.getSnapshot().confirmedCount).toBe(1);
    queue.retryAllFailed();
    expect(queue.getSnapshot().items[1]!.status).toBe('refused');
  });

  it('skips files that are not photos, refuses empty ones at once, and lists a file once', () => {
    const server = fakeApi();
    const queue = new PhotoUploadQueue(server.api, null, options);
    const note = queue.add([
      photo('a.jpg'),
      photo('notes.txt', 10, 'text/plain'),
      { file: new File(['x'], '.DS_Store') },
      { file: new File(['x'], 'raw.HEIC') },
      photo('empty.jpg', 0),
      photo('a.jpg'),
    ]);
    expect(note).toMatchObject({ added: 3, duplicates: 1, skipped: 2, skippedNames: ['notes.txt', '.DS_Store'] });
    const items = queue.getSnapshot().items;
    expect(items.map((item) => [item.path, item.status])).toEqual([
      ['a.jpg', 'queued'],
      ['raw.HEIC', 'queued'],
      ['empty.jpg', 'refused'],
    ]);
    expect(items[2]!.error).toBe('The file is empty.');
  });

  it('after a reload, resumes the same upload and sends only the files not yet confirmed', async () => {
    const store = memoryStore();
    const files = photos(10);
    const first = fakeApi();
    const before = new PhotoUploadQueue(first.api, store, { ...options, parallel: 2 });
    before.add(files);
    // Four files sent and confirmed, then the page goes away with two being sent.
    for (let sent = 0; sent < 4; sent++) {
      await vi.waitFor(() => expect(first.sends.length).toBeGreaterThan(0));
      first.sends.shift()!.resolve();
    }
    await vi.waitFor(() => expect(store.value?.confirmed).toHaveLength(4));
    before.stop();

    const second = fakeApi({ instant: true, bucket: first.bucket });
    const after = new PhotoUploadQueue(second.api, store, options);
    expect(after.getSnapshot()).toMatchObject({ uploadId, confirmedCount: 4, resumedCount: 4, items: [] });

    // The same ten files chosen again: four are known, six are sent, all under the same upload.
    const note = after.add(files);
    expect(note).toMatchObject({ added: 6, alreadyUploaded: 4 });
    await vi.waitFor(() => expect(after.getSnapshot().busy).toBe(false));
    expect(second.sentKeys).toHaveLength(6);
    expect(second.linkCalls.every((call) => call.uploadId === uploadId)).toBe(true);
    const sentNames = second.linkCalls.flatMap((call) => call.files.map((file) => file.fileName));
    const confirmedBefore = first.confirmCalls.flatMap((call) => call.photos.map((entry) => entry.fileName));
    expect(sentNames.filter((name) => confirmedBefore.includes(name))).toEqual([]);
    expect(after.getSnapshot()).toMatchObject({ confirmedCount: 10 });
    expect(after.getSnapshot().items.filter((item) => item.resumed)).toHaveLength(4);

    // The job is made: nothing is resumed on the next visit.
    after.forget();
    expect(new PhotoUploadQueue(second.api, store, options).getSnapshot()).toMatchObject({
      uploadId: null,
      confirmedCount: 0,
    });
  });

  it('after a reload, confirms a file that reached the bucket unconfirmed instead of sending it again', async () => {
    const store = memoryStore();
    const files = photos(3);
    const first = fakeApi();
    const confirm = first.api.confirm;
    let confirmAnswered = true;
    first.api.confirm = async (id, batch) => {
      if (!confirmAnswered) return new Promise(() => undefined);
      return confirm(id, batch);
    };
    const before = new PhotoUploadQueue(first.api, store, { ...options, parallel: 3 });
    before.add(files);
    await vi.waitFor(() => expect(first.sends).toHaveLength(3));
    first.sends.shift()!.resolve();
    await vi.waitFor(() => expect(store.value?.confirmed).toHaveLength(1));
    // The second file is stored, but the page goes away before its confirmation is answered.
    confirmAnswered = false;
    first.sends.shift()!.resolve();
    await vi.waitFor(() => expect(before.getSnapshot().counts.confirming).toBe(1));
    before.stop();
    expect(store.value?.pending).toHaveLength(2);

    const second = fakeApi({ instant: true, bucket: first.bucket });
    const after = new PhotoUploadQueue(second.api, store, options);
    expect(after.getSnapshot()).toMatchObject({ recovering: true, busy: true });
    after.add(files);
    await vi.waitFor(() => expect(after.getSnapshot().busy).toBe(false));
    // One call checks the two keys of the last visit: the stored one joins, the other is missing.
    expect(second.confirmCalls[0]!.photos.map((photo) => photo.fileName)).toEqual(['p0001.jpg', 'p0002.jpg']);
    expect(after.getSnapshot()).toMatchObject({ confirmedCount: 3, resumedCount: 2, recovering: false });
    expect(after.getSnapshot().lastAdd).toMatchObject({ added: 1, alreadyUploaded: 2 });
    expect(second.linkCalls.flatMap((call) => call.files.map((file) => file.fileName))).toEqual(['p0002.jpg']);
    expect(store.value?.pending).toEqual([]);
  });

  it('stops sending when the upload is closed (a job was made of it elsewhere), and can start anew', async () => {
    const store = memoryStore();
    store.save({ uploadId, confirmed: ['x.jpg\u000010'] });
    const server = fakeApi({ instant: true });
    const createLinks = server.api.createLinks;
    server.api.createLinks = vi.fn<UploadApi['createLinks']>(async (body) => {
      if (body.uploadId)
        throw new ApiError(409, 'CONFLICT', 'This upload belongs to job J-1 and takes no more photos.');
      return createLinks(body);
    });
    const queue = new PhotoUploadQueue(server.api, store, options);
    queue.add([photo('a.jpg')]);
    await vi.waitFor(() => expect(queue.getSnapshot().closed).toMatch(/takes no more photos/));
    expect(queue.getSnapshot().items[0]).toMatchObject({ status: 'failed', retryable: false });

    queue.reset();
    expect(store.value).toBeNull();
    queue.add([photo('a.jpg')]);
    await vi.waitFor(() => expect(queue.getSnapshot().confirmedCount).toBe(1));
    expect(store.value).toMatchObject({ uploadId, confirmed: ['a.jpg\u000010'] });
  });

  it('tells the page at most once per notify period, however many progress events arrive', async () => {
    vi.useFakeTimers();
    try {
      const server = fakeApi();
      const queue = new PhotoUploadQueue(server.api, null, { notifyMs: 100, parallel: 1 });
      const listener = vi.fn();
      queue.subscribe(listener);
      queue.add([photo('a.jpg', 100_000)]);
      await vi.advanceTimersByTimeAsync(0);
      for (let bytes = 1; bytes <= 500; bytes++) server.sends[0]!.progress(bytes * 100);
      await vi.advanceTimersByTimeAsync(100);
      expect(listener.mock.calls.length).toBeLessThanOrEqual(2);
      expect(queue.getSnapshot().sentBytes).toBe(50_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
