import { useEffect, useState, useSyncExternalStore } from 'react';
import { idSchema } from '@studio/shared/ids';
import { useSession } from '../../../lib/session.ts';
import { confirmPhotoBatch } from '../api/confirm-photo-batch.ts';
import { createUploadLinks } from '../api/create-upload-links.ts';
import { sendPhoto } from '../api/send-photo.ts';
import { PhotoUploadQueue, type PendingFile, type ResumeStore, type UploadApi } from './photo-upload-queue.ts';

/** Where a client's unfinished upload is kept in localStorage, one per signed-in client. */
export function resumeStorageKey(userId: string): string {
  return `quote-upload:${userId}`;
}

/** The upload, its confirmed files (by path and size) and those linked but unconfirmed, in this browser's localStorage. */
export function localResumeStore(userId: string): ResumeStore {
  const key = resumeStorageKey(userId);
  return {
    load() {
      try {
        const value = JSON.parse(window.localStorage.getItem(key) ?? 'null') as unknown;
        if (typeof value !== 'object' || value === null) return null;
        const { uploadId, confirmed, pending } = value as {
          uploadId?: unknown;
          confirmed?: unknown;
          pending?: unknown;
        };
        if (!idSchema.safeParse(uploadId).success || !Array.isArray(confirmed)) return null;
        const text = (entry: unknown): entry is string => typeof entry === 'string';
        return {
          uploadId: uploadId as string,
          confirmed: confirmed.filter(text),
          pending: (Array.isArray(pending) ? (pending as Partial<PendingFile>[]) : []).filter(
            (file): file is PendingFile =>
              typeof file === 'object' && file !== null && text(file.key) && text(file.fileName) && text(file.identity),
          ),
        };
      } catch {
        return null;
      }
    },
    save(state) {
      try {
        window.localStorage.setItem(key, JSON.stringify(state));
      } catch {
        // Storage full or off: the upload goes on; only a reload would send the files again.
      }
    },
    clear() {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing was stored either.
      }
    },
  };
}

const api: UploadApi = {
  createLinks: (body) => createUploadLinks(body),
  send: sendPhoto,
  confirm: (uploadId, photos) => confirmPhotoBatch(uploadId, photos),
};

/**
 * A quote's photos (#33): links and confirmations in calls of up to 100, four files sent at once,
 * the confirmed ones remembered for the signed-in client so a reload resumes the same upload.
 */
export function useQuotePhotoUploads() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [queue, setQueue] = useState(() => new PhotoUploadQueue(api, userId ? localResumeStore(userId) : null));
  const [queueUser, setQueueUser] = useState(userId);
  if (queueUser !== userId) {
    // Another client signed in on this page: their own upload, not the last one's.
    setQueueUser(userId);
    setQueue(new PhotoUploadQueue(api, userId ? localResumeStore(userId) : null));
  }
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Leaving the page stops the files being sent; the confirmed ones are remembered.
  useEffect(() => () => queue.stop(), [queue]);
  return { queue, snapshot };
}

export type QuotePhotoUploads = ReturnType<typeof useQuotePhotoUploads>;
