import { useEffect, useId, useReducer, useRef } from 'react';
import { uploadImageTypes } from '@studio/shared/upload';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { getUploadLink } from '../api/get-upload-link.ts';
import { postToBucket } from './post-to-bucket.ts';
import {
  initialUploadState,
  nextToUpload,
  uploadFailedError,
  uploadLinkError,
  uploadReducer,
  uploadSummary,
  type UploadState,
} from './upload-state.ts';

let nextLocalId = 0;

/** Runs the upload queue: one file at a time, each asking for its own presigned POST. */
export function useUploads() {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  // A ref, not state: StrictMode runs effects twice, and one file must still be sent once.
  const running = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const next = nextToUpload(state);

  useEffect(() => {
    if (!next || running.current) return;
    running.current = true;
    const controller = new AbortController();
    abort.current = controller;
    const { id, file } = next;
    const uploadId = state.uploadId;
    dispatch({ type: 'start', id });
    void (async () => {
      try {
        let link;
        try {
          link = await getUploadLink({
            fileName: file.name.slice(0, 255) || 'photo',
            contentType: file.type as keyof typeof uploadImageTypes,
            size: file.size,
            ...(uploadId ? { uploadId } : {}),
          });
        } catch (error) {
          // A 400 names what is wrong with this file; anything else gets the spec's text.
          const message = apiErrorText(error, uploadLinkError, {
            serverText: (e) => e.status === 400 && e.issues.length > 0,
            issues: 'only',
          });
          if (!controller.signal.aborted) dispatch({ type: 'failed', id, error: message });
          return;
        }
        try {
          await postToBucket(link, file, (progress) => dispatch({ type: 'progress', id, progress }), controller.signal);
          dispatch({ type: 'done', id, uploadId: link.uploadId });
        } catch {
          if (!controller.signal.aborted) dispatch({ type: 'failed', id, error: uploadFailedError });
        }
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

const statusText = { waiting: 'Waiting', uploading: 'Uploading', done: 'Uploaded', failed: 'Failed' } as const;

/** 'generate': pick several photos at once; each shows its progress, failures can be retried or removed. */
export function UploadArea({
  state,
  onAdd,
  onRetry,
  onRemove,
  error,
}: {
  state: UploadState;
  onAdd: (files: File[]) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  error?: string;
}) {
  const inputId = useId();
  const summary = uploadSummary(state);
  return (
    <div className="upload-area">
      <label htmlFor={inputId} className="upload-area__drop">
        <span className="upload-area__title">Choose photos to upload</span>
        <span className="form__hint">JPEG, PNG, WebP, TIFF or HEIC; several at once.</span>
      </label>
      <input
        id={inputId}
        className="upload-area__input"
        type="file"
        multiple
        accept={Object.keys(uploadImageTypes).join(',')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) onAdd(files);
          // Clearing lets the same file be chosen again after removing it.
          event.target.value = '';
        }}
      />
      {error && <p className="form__error">{error}</p>}
      {state.items.length > 0 && (
        <>
          <p className="form__hint" role="status">
            {summary.done} of {state.items.length} uploaded
          </p>
          <ul className="upload-list" aria-label="Photos">
            {state.items.map((item) => (
              <li key={item.id} className={`upload-list__item upload-list__item--${item.status}`}>
                <span className="upload-list__name">{item.file.name}</span>
                <progress
                  className="upload-list__bar"
                  max={100}
                  value={item.progress}
                  aria-label={`${item.file.name}: ${statusText[item.status]} ${item.progress}%`}
                />
                <span className="upload-list__status">
                  {statusText[item.status]}
                  {item.status === 'uploading' ? ` ${item.progress}%` : ''}
                </span>
                {item.error && <span className="form__error upload-list__error">{item.error}</span>}
                <span className="upload-list__actions">
                  {item.status === 'failed' && item.retryable && (
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Retry ${item.file.name}`}
                      onClick={() => onRetry(item.id)}
                    >
                      Retry
                    </button>
                  )}
                  {(item.status === 'failed' || item.status === 'waiting') && (
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Remove ${item.file.name}`}
                      onClick={() => onRemove(item.id)}
                    >
                      Remove
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
