import { useEffect, useReducer, useRef } from 'react';
import { maxUploadBytes, uploadImageTypes } from '@studio/shared/upload';

/*
 * A list of files sent to storage one at a time (a quote's photos, an editor's finished files):
 * each chosen file waits, uploads (with progress), and ends done or failed; a failure that trying
 * again can help is retried. For a quote, the first answer names the upload (uploadId) that every
 * later file joins. One stream at a time keeps a phone's uplink usable.
 */

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  /** Percent sent, 0..100. */
  progress: number;
  error: string | null;
  /** False when trying again cannot help (wrong type, too large). */
  retryable: boolean;
}

export interface UploadState {
  uploadId: string | null;
  items: UploadItem[];
}

export type UploadAction =
  | { type: 'add'; files: readonly File[]; ids: readonly string[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'done'; id: string; uploadId?: string }
  | { type: 'failed'; id: string; error: string; retryable?: boolean }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string };

export const initialUploadState: UploadState = { uploadId: null, items: [] };

export const uploadLinkError = 'An error occurred while getting the upload link. Please try again.';
export const uploadFailedError = 'The upload failed. Please try again.';

/** Why a file cannot be uploaded at all, or null. Checked here first; the server checks again. */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(file.type in uploadImageTypes)) return 'Upload JPEG, PNG, WebP, TIFF or HEIC photos.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxUploadBytes) return `A photo can be at most ${maxUploadBytes / 1024 / 1024} MB.`;
  return null;
}

function update(state: UploadState, id: string, change: (item: UploadItem) => UploadItem): UploadState {
  return { ...state, items: state.items.map((item) => (item.id === id ? change(item) : item)) };
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'add':
      return {
        ...state,
        items: [
          ...state.items,
          ...action.files.map((file, index): UploadItem => {
            const problem = fileProblem(file);
            return {
              id: action.ids[index] ?? `${file.name}-${index}`,
              file,
              status: problem ? 'failed' : 'waiting',
              progress: 0,
              error: problem,
              retryable: problem === null,
            };
          }),
        ],
      };
    case 'start':
      return update(state, action.id, (item) => ({ ...item, status: 'uploading', progress: 0, error: null }));
    case 'progress':
      return update(state, action.id, (item) =>
        item.status === 'uploading'
          ? { ...item, progress: Math.max(item.progress, Math.min(100, Math.round(action.progress))) }
          : item,
      );
    case 'done':
      return {
        ...update(state, action.id, (item) => ({ ...item, status: 'done', progress: 100, error: null })),
        uploadId: state.uploadId ?? action.uploadId ?? null,
      };
    case 'failed':
      return update(state, action.id, (item) => ({
        ...item,
        status: 'failed',
        error: action.error,
        retryable: action.retryable ?? item.retryable,
      }));
    case 'retry':
      return update(state, action.id, (item) =>
        item.status === 'failed' && item.retryable ? { ...item, status: 'waiting', progress: 0, error: null } : item,
      );
    case 'remove':
      // A file being sent or already stored stays listed: it is part of the upload the job will point at.
      return {
        ...state,
        items: state.items.filter(
          (item) => item.id !== action.id || item.status === 'uploading' || item.status === 'done',
        ),
      };
  }
}

/** The next file to send, if none is being sent. */
export function nextToUpload(state: UploadState): UploadItem | null {
  if (state.items.some((item) => item.status === 'uploading')) return null;
  return state.items.find((item) => item.status === 'waiting') ?? null;
}

export function uploadSummary(state: UploadState) {
  const done = state.items.filter((item) => item.status === 'done').length;
  const busy = state.items.some((item) => item.status === 'uploading' || item.status === 'waiting');
  return { done, busy, ready: done > 0 && !busy && state.uploadId !== null };
}

/** A failure of one file, with whether trying again can help (not for a refused file). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/**
 * Sends one file: asks for its link, posts it, confirms it. Answers the upload it joined, if the
 * queue has one; throws an UploadFailure (any other error counts as a retryable failed upload).
 */
export type SendFile = (
  file: File,
  context: { uploadId: string | null; signal: AbortSignal; onProgress: (percent: number) => void },
) => Promise<{ uploadId?: string }>;

let nextLocalId = 0;

/** Runs the queue: one file at a time through `send`. */
export function useUploadQueue(send: SendFile) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  // A ref, not state: StrictMode runs effects twice, and one file must still be sent once.
  const running = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  const next = nextToUpload(state);

  useEffect(() => {
    if (!next || running.current) return;
    running.current = true;
    const controller = new AbortController();
    abort.current = controller;
    const { id, file } = next;
    dispatch({ type: 'start', id });
    void (async () => {
      try {
        const result = await sendRef.current(file, {
          uploadId: state.uploadId,
          signal: controller.signal,
          onProgress: (progress) => dispatch({ type: 'progress', id, progress }),
        });
        dispatch({ type: 'done', id, uploadId: result.uploadId });
      } catch (error) {
        if (controller.signal.aborted) return;
        const failure = error instanceof UploadFailure ? error : new UploadFailure(uploadFailedError, true);
        dispatch({ type: 'failed', id, error: failure.message, retryable: failure.retryable });
      } finally {
        running.current = false;
      }
    })();
  }, [next, state.uploadId]);

  // Leaving the page stops a running upload.
  useEffect(() => () => abort.current?.abort(), []);

  return {
    state,
    add: (files: readonly File[]) => dispatch({ type: 'add', files, ids: files.map(() => `upload-${++nextLocalId}`) }),
    retry: (id: string) => dispatch({ type: 'retry', id }),
    remove: (id: string) => dispatch({ type: 'remove', id }),
  };
}

/** A queue of files being uploaded: its state and the three things a person can do to it. */
export type UploadQueue = ReturnType<typeof useUploadQueue>;
