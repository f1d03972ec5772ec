import { maxUploadBytes, uploadImageTypes } from '@studio/shared/upload';

/*
 * The photo list of a 'generate' quote: each chosen file waits, uploads (with progress), and ends
 * done or failed. Files go one at a time: the first answer of get-upload-link names the upload
 * (uploadId) that every later file joins, and one stream at a time keeps a phone's uplink usable.
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
  | { type: 'done'; id: string; uploadId: string }
  | { type: 'failed'; id: string; error: string }
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
        uploadId: state.uploadId ?? action.uploadId,
      };
    case 'failed':
      return update(state, action.id, (item) => ({ ...item, status: 'failed', error: action.error }));
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
