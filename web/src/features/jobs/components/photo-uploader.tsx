import { memo, useCallback, useId, useState } from 'react';
import { uploadImageTypes } from '@studio/shared/upload';
import { droppedEntries, filesOfDrop, filesOfFolder } from './dropped-files.ts';
import { useDropTarget } from '../../../components/use-drop-target.ts';
import { fileSize } from '../../../lib/file-size.ts';
import { photoStatuses, type AddNote, type PhotoItem, type PhotoStatus } from './photo-upload-queue.ts';
import type { QuotePhotoUploads } from './use-quote-photo-uploads.ts';
import '../../../components/upload-area.css';
import './photo-uploader.css';

/** Rows shown at once: a thousand files make pages, never a thousand rows. */
export const photosPerPage = 50;

/** A byte count for people (the job files' format). */
export const bytesText = (bytes: number): string => fileSize(Math.round(bytes));

const filterLabels: Record<PhotoStatus | 'all', string> = {
  all: 'All',
  queued: 'Waiting',
  uploading: 'Uploading',
  confirming: 'Checking',
  done: 'Uploaded',
  refused: 'Refused',
  failed: 'Failed',
};

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 0;
}

function statusText(item: PhotoItem): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting';
    case 'uploading':
      return `Uploading ${percent(item.sentBytes, item.size)}%`;
    case 'confirming':
      return 'Checking';
    case 'done':
      return item.resumed ? 'Already uploaded' : 'Uploaded';
    case 'refused':
      return 'Refused';
    case 'failed':
      return 'Failed';
  }
}

/** A bar with the progressbar role, its value in `aria-valuenow` (0..100) and in words. */
function ProgressBar({
  value,
  label,
  text,
  className,
}: {
  value: number;
  label: string;
  text: string;
  className: string;
}) {
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={text}
    >
      <span className={`${className}-fill`} style={{ width: `${value}%` }} />
    </div>
  );
}

const PhotoRow = memo(function PhotoRow({
  item,
  onRetry,
  onRemove,
}: {
  item: PhotoItem;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const progress = percent(item.sentBytes, item.size);
  const text = statusText(item);
  return (
    <li className={`file-row photo-uploads__item photo-uploads__item--${item.status}`}>
      <span className="photo-uploads__name" title={item.path}>
        {item.path}
      </span>
      <span className="photo-uploads__size">{bytesText(item.size)}</span>
      <ProgressBar className="photo-uploads__bar" value={progress} label={item.path} text={`${text}, ${progress}%`} />
      <span className="photo-uploads__status">{text}</span>
      {item.error && <span className="form__error photo-uploads__error">{item.error}</span>}
      <span className="photo-uploads__actions">
        {item.status === 'failed' && item.retryable && (
          <button
            type="button"
            className="link-button"
            aria-label={`Retry ${item.path}`}
            onClick={() => onRetry(item.id)}
          >
            Retry
          </button>
        )}
        {(item.status === 'failed' || item.status === 'refused' || item.status === 'queued') && (
          <button
            type="button"
            className="link-button"
            aria-label={`Remove ${item.path}`}
            onClick={() => onRemove(item.id)}
          >
            Remove
          </button>
        )}
      </span>
    </li>
  );
});

function addNoteText(note: AddNote): string[] {
  const lines: string[] = [];
  if (note.alreadyUploaded > 0) {
    lines.push(
      `${note.alreadyUploaded} ${note.alreadyUploaded === 1 ? 'photo was' : 'photos were'} uploaded before and will not be sent again.`,
    );
  }
  if (note.duplicates > 0) {
    lines.push(`${note.duplicates} ${note.duplicates === 1 ? 'file is' : 'files are'} already in the list.`);
  }
  if (note.skipped > 0) {
    const more = note.skipped - note.skippedNames.length;
    lines.push(
      `Skipped ${note.skipped} ${note.skipped === 1 ? 'file' : 'files'} that ${note.skipped === 1 ? 'is not a' : 'are not'} JPEG, PNG, WebP, TIFF or HEIC ${note.skipped === 1 ? 'photo' : 'photos'}: ${note.skippedNames.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  return lines;
}

/** Opens the browser's folder picker (an input made for the purpose: the page keeps one file input). */
function pickFolder(onFiles: (files: File[]) => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.webkitdirectory = true;
  input.addEventListener('change', () => onFiles(Array.from(input.files ?? [])), { once: true });
  input.click();
}

/**
 * The quote's photos (#33): add files or a folder (click, or drop them, folders too), see the whole
 * upload's progress and each file's, retry what failed; the list is paged and can be narrowed to
 * one state, so a few thousand files stay quick to show.
 */
export function PhotoUploader({ uploads, error }: { uploads: QuotePhotoUploads; error?: string }) {
  const inputId = useId();
  const hintId = useId();
  const { queue, snapshot } = uploads;
  const [reading, setReading] = useState(false);
  const [filter, setFilter] = useState<PhotoStatus | 'all'>('all');
  const [page, setPage] = useState(0);

  const { counts, items } = snapshot;
  const shown = filter === 'all' ? snapshot.items : snapshot.items.filter((item) => item.status === filter);
  const pages = Math.max(1, Math.ceil(shown.length / photosPerPage));
  const current = Math.min(page, pages - 1);
  const rows = shown.slice(current * photosPerPage, (current + 1) * photosPerPage);
  const overall = percent(snapshot.sentBytes, snapshot.totalBytes);
  const countText = `${counts.done} of ${items.length} uploaded`;
  const bytesLine = `${bytesText(snapshot.sentBytes)} of ${bytesText(snapshot.totalBytes)}`;

  // Stable, so that a page of rows re-renders only the rows whose file changed.
  const retry = useCallback((id: string) => queue.retry(id), [queue]);
  const remove = useCallback((id: string) => queue.remove(id), [queue]);
  const add = (chosen: Parameters<typeof queue.add>[0]) => {
    queue.add(chosen);
    setPage(0);
  };
  const drop = useDropTarget((data) => {
    const dropped = droppedEntries(data);
    setReading(true);
    void filesOfDrop(dropped)
      .then((chosen) => chosen.length > 0 && add(chosen))
      .finally(() => setReading(false));
  });

  return (
    <div className="photo-uploads">
      {snapshot.resumedCount > 0 && items.length === 0 && !snapshot.closed && (
        <p className="form__success" role="status">
          {snapshot.resumedCount} {snapshot.resumedCount === 1 ? 'photo' : 'photos'} already uploaded. Choose the same
          files or folder again to send the rest: those uploaded are not sent twice. Or create the job with the photos
          uploaded so far.
        </p>
      )}
      {snapshot.closed && (
        <div className="form__alert" role="alert">
          <p>{snapshot.closed}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => queue.reset()}>
            Start a new upload
          </button>
        </div>
      )}
      <label
        htmlFor={inputId}
        className={`upload-area__drop${drop.dragging ? ' photo-uploads__drop--over' : ''}`}
        {...drop.handlers}
      >
        <span className="photo-uploads__title">Choose photos to upload</span>
        <span className="form__hint" id={hintId}>
          JPEG, PNG, WebP, TIFF or HEIC, up to 500 MB each; as many as you like, or drop files and folders here.
        </span>
      </label>
      <input
        id={inputId}
        // Hidden but for keyboards and screen readers: the drop zone is the visible control.
        className="visually-hidden photo-uploads__input"
        type="file"
        multiple
        accept={Object.keys(uploadImageTypes).join(',')}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) add(files.map((file) => ({ file })));
          // Clearing lets the same files be chosen again.
          event.target.value = '';
        }}
      />
      <p className="photo-uploads__more">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => pickFolder((files) => files.length > 0 && add(filesOfFolder(files)))}
        >
          Choose a folder
        </button>
      </p>
      {error && <p className="form__error">{error}</p>}
      {snapshot.recovering && (
        <p className="form__hint" role="status">
          Checking the photos sent on your last visit...
        </p>
      )}
      {reading && (
        <p className="form__hint" role="status">
          Reading the dropped folders...
        </p>
      )}
      {snapshot.lastAdd &&
        addNoteText(snapshot.lastAdd).map((line) => (
          <p key={line} className="form__hint photo-uploads__note">
            {line}
          </p>
        ))}

      {items.length > 0 && (
        <section className="tile photo-uploads__summary" aria-label="Upload progress">
          <p className="photo-uploads__counts">
            <span role="status">{countText}</span>
            <span className="photo-uploads__bytes">, {bytesLine}</span>
            {counts.refused > 0 && <span>, {counts.refused} refused</span>}
            {counts.failed > 0 && <span>, {counts.failed} failed</span>}
          </p>
          <ProgressBar
            className="photo-uploads__overall"
            value={overall}
            label="All photos"
            text={`${counts.done} of ${items.length} photos, ${bytesLine}`}
          />
          {counts.failed > 0 && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => queue.retryAllFailed()}
            >
              Retry all failed ({counts.failed})
            </button>
          )}
        </section>
      )}

      {items.length > 0 && (
        <>
          <div className="photo-uploads__tools">
            <label className="photo-uploads__filter">
              Show{' '}
              <select
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value as PhotoStatus | 'all');
                  setPage(0);
                }}
              >
                <option value="all">
                  {filterLabels.all} ({items.length})
                </option>
                {photoStatuses.map((status) => (
                  <option key={status} value={status}>
                    {filterLabels[status]} ({counts[status]})
                  </option>
                ))}
              </select>
            </label>
            {pages > 1 && (
              <nav className="photo-uploads__pages" aria-label="Pages of photos">
                <button
                  type="button"
                  className="link-button"
                  disabled={current === 0}
                  onClick={() => setPage(current - 1)}
                >
                  Previous
                </button>
                <span>
                  Page {current + 1} of {pages}
                </span>
                <button
                  type="button"
                  className="link-button"
                  disabled={current >= pages - 1}
                  onClick={() => setPage(current + 1)}
                >
                  Next
                </button>
              </nav>
            )}
          </div>
          {rows.length === 0 ? (
            <p className="form__hint">No photos in this state.</p>
          ) : (
            <ul className="photo-uploads__list" aria-label="Photos">
              {rows.map((item) => (
                <PhotoRow key={item.id} item={item} onRetry={retry} onRemove={remove} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
