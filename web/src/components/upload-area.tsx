import { useId } from 'react';
import { uploadImageTypes } from '@studio/shared/upload';
import { uploadSummary, type UploadQueue } from '../lib/upload-queue.ts';
import { useDropTarget } from './use-drop-target.ts';
import './upload-area.css';

const statusText = { waiting: 'Waiting', uploading: 'Uploading', done: 'Uploaded', failed: 'Failed' } as const;

/** A file's Retry or Remove button, named with the file for screen readers. */
function itemAction(label: string, fileName: string, run: () => void) {
  return (
    <button type="button" className="link-button" aria-label={`${label} ${fileName}`} onClick={run}>
      {label}
    </button>
  );
}

/**
 * One control to add files (click or drop them on it; the file input itself is hidden), and the
 * list of files with each one's progress; failures can be retried or removed.
 */
export function UploadArea({
  queue,
  error,
  title = 'Choose photos to upload',
  listLabel = 'Photos',
}: {
  /** The upload queue (`useUploadQueue`) the chosen files go to. */
  queue: UploadQueue;
  error?: string;
  title?: string;
  listLabel?: string;
}) {
  const inputId = useId();
  const { state, add: onAdd } = queue;
  const drop = useDropTarget((data) => {
    const files = Array.from(data.files);
    if (files.length > 0) onAdd(files);
  });
  const summary = uploadSummary(state);
  return (
    <div className="upload-area">
      <label
        htmlFor={inputId}
        className={`upload-area__drop${drop.dragging ? ' upload-area__drop--over' : ''}`}
        {...drop.handlers}
      >
        <span className="upload-area__title">{title}</span>
        <span className="form__hint">JPEG, PNG, WebP, TIFF or HEIC; several at once, or drop them here.</span>
      </label>
      <input
        id={inputId}
        // Hidden but for keyboards and screen readers: the drop zone is the visible control.
        className="visually-hidden upload-area__input"
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
          <ul className="upload-list" aria-label={listLabel}>
            {state.items.map((item) => (
              <li key={item.id} className={`file-row upload-list__item upload-list__item--${item.status}`}>
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
                  {item.status === 'failed' &&
                    item.retryable &&
                    itemAction('Retry', item.file.name, () => queue.retry(item.id))}
                  {(item.status === 'failed' || item.status === 'waiting') &&
                    itemAction('Remove', item.file.name, () => queue.remove(item.id))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
