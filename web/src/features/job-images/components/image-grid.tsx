import type { ReactNode } from 'react';
import type { JobImage } from '@studio/shared/image-api';
import type { Caller } from '../api/call-api.ts';
import { clientStatusLabels, staffStatusLabels } from './image-status.ts';
import { ImageThumb } from './image-thumb.tsx';
import './job-images.css';

/** An image's status as a chip, in the reader's words. */
export function StatusChip({ status, caller }: { status: JobImage['status']; caller: Caller }) {
  return (
    <span className="job-image__status" data-status={status}>
      {(caller === 'staff' ? staffStatusLabels : clientStatusLabels)[status]}
    </span>
  );
}

/**
 * Images of a job as a grid of cards: the current version's preview (the released one for a
 * client; the original while there is none), the file name, the status chip and the version. A
 * card's picture opens the image (`onOpen`); `actions` adds a page's own controls to each card.
 * Reused by every page that shows a job's images.
 */
export function ImageGrid({
  images,
  caller,
  label,
  onOpen,
  actions,
}: {
  images: readonly JobImage[];
  caller: Caller;
  /** Names the list for screen readers. */
  label: string;
  onOpen: (image: JobImage) => void;
  actions?: (image: JobImage) => ReactNode;
}) {
  return (
    <ul className="job-images__grid" aria-label={label}>
      {images.map((image) => {
        const shown = image.current ?? image.original;
        const finished = image.current !== null;
        return (
          <li key={image.id} className="tile job-image" data-status={image.status}>
            <button
              type="button"
              className="job-image__open"
              onClick={() => onOpen(image)}
              aria-label={`Open ${image.fileName}`}
            >
              <ImageThumb file={shown} alt={finished ? `Finished ${image.fileName}` : `Preview of ${image.fileName}`} />
            </button>
            <span className="job-image__name">{image.fileName}</span>
            <span className="job-image__meta">
              <StatusChip status={image.status} caller={caller} />
              {image.current && (
                <span className="form__hint">
                  {' '}
                  Version {image.current.number}, round {image.current.round}
                </span>
              )}
            </span>
            {caller === 'staff' && image.qcNote && image.status === 'IN_EDIT' && (
              <p className="job-image__note">
                <strong>QC:</strong> {image.qcNote.note}
              </p>
            )}
            {caller === 'staff' &&
              image.status === 'IN_EDIT' &&
              image.review?.decision === 'REJECT' &&
              image.review.sent && (
                <p className="job-image__note job-image__sent-back">
                  <strong>Sent back, round {image.review.round + 1}</strong>
                  {image.review.annotationCount > 0 &&
                    ` (${image.review.annotationCount} ${image.review.annotationCount === 1 ? 'mark' : 'marks'})`}
                  {image.review.comment && `: ${image.review.comment}`}
                </p>
              )}
            {actions?.(image)}
          </li>
        );
      })}
    </ul>
  );
}
