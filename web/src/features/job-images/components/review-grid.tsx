import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { JobImage } from '@studio/shared/image-api';
import type { Caller } from '../api/call-api.ts';
import { ImageThumb } from './image-thumb.tsx';
import { clientStatusLabels, staffStatusLabels } from './image-status.ts';
import { mayWithdraw, UndoDecision } from './review-comments.tsx';
import { cardCommand, drawnColumns, gridMove, type CardCommand } from './review-grid-keys.ts';

/** An image's status on the review page: a delivered image is the client's to review. */
export function reviewStatusText(image: JobImage, caller: Caller): string {
  if (image.status === 'DELIVERED') return 'To review';
  if (image.status === 'REJECTED') return image.review?.sent ? 'Sent back' : 'Rejected, not sent yet';
  if (image.status === 'IN_EDIT' && image.review?.decision === 'REJECT' && image.review.sent) {
    return `Sent back, round ${image.review.round + 1}`;
  }
  return (caller === 'staff' ? staffStatusLabels : clientStatusLabels)[image.status];
}

/**
 * The review page's images as a keyboard grid (issue 34): one row per card, one tab stop for the
 * whole grid (the card last moved to); the arrows move between cards as they are drawn (up and
 * down by a row of cards), Home and End to the ends; Enter opens the compare viewer, A approves a
 * delivered image, R starts a rejection (the viewer with the mark-up tools), U takes a decision
 * back. A card's buttons (Approve, Undo) follow it in the tab order.
 */
export function ReviewGrid({
  images,
  caller,
  jobId,
  readOnly,
  label,
  onCommand,
  onDecided,
}: {
  images: readonly JobImage[];
  caller: Caller;
  jobId: string;
  readOnly: boolean;
  label: string;
  /** A card's command: open it, approve it, start a rejection, undo its decision. */
  onCommand: (command: CardCommand, image: JobImage) => void;
  onDecided: (text: string) => void;
}) {
  const [active, setActive] = useState(0);
  const cells = useRef<(HTMLDivElement | null)[]>([]);
  const grid = useRef<HTMLDivElement>(null);
  const focusInside = useRef(false);
  const current = Math.min(active, Math.max(0, images.length - 1));

  // A card that left the list (decided under a filter) takes the focus away: give it to its neighbour.
  useEffect(() => {
    if (!focusInside.current || grid.current?.contains(document.activeElement)) return;
    cells.current[current]?.focus();
  }, [images, current]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number, image: JobImage) {
    const columns = drawnColumns(
      cells.current.slice(0, images.length).map((cell) => cell?.getBoundingClientRect() ?? { top: 0 }),
    );
    const next = gridMove(event.key, index, images.length, columns);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
      cells.current[next]?.focus();
      return;
    }
    const command = cardCommand(event.key, { ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey });
    if (!command) return;
    if (readOnly && command !== 'open') return;
    event.preventDefault();
    onCommand(command, image);
  }

  return (
    <div
      ref={grid}
      role="grid"
      aria-label={label}
      aria-rowcount={images.length}
      className="review-grid"
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusInside.current = false;
      }}
    >
      {images.map((image, index) => {
        const shown = image.current ?? image.original;
        const tab = index === current ? 0 : -1;
        const marks = image.review?.annotationCount ?? 0;
        const sentBack = image.review?.decision === 'REJECT' && image.review.sent && image.status === 'IN_EDIT';
        return (
          <div
            key={image.id}
            role="row"
            aria-rowindex={index + 1}
            className="tile review-card"
            data-status={image.status}
            data-image={image.fileName}
          >
            <div
              ref={(element) => {
                cells.current[index] = element;
              }}
              role="gridcell"
              tabIndex={tab}
              className="review-card__cell"
              aria-describedby={`review-card-${image.id}`}
              onKeyDown={(event) => onKeyDown(event, index, image)}
              onFocus={() => setActive(index)}
              onClick={() => onCommand('open', image)}
            >
              <ImageThumb
                file={shown}
                alt={image.current ? `Finished ${image.fileName}` : `Preview of ${image.fileName}`}
              />
              <span className="review-card__name">{image.fileName}</span>
              <span id={`review-card-${image.id}`} className="review-card__status" data-status={image.status}>
                {reviewStatusText(image, caller)}
                {marks > 0 && image.review?.decision === 'REJECT' && `, ${marks} ${marks === 1 ? 'mark' : 'marks'}`}
              </span>
              {sentBack && image.review?.comment && (
                <span className="review-card__comment">{image.review.comment}</span>
              )}
            </div>
            {!readOnly && (image.status === 'DELIVERED' || mayWithdraw(image)) && (
              <div role="gridcell" className="review-card__actions">
                {image.status === 'DELIVERED' ? (
                  <button
                    type="button"
                    className="button button--light"
                    tabIndex={tab}
                    aria-label={`Approve ${image.fileName}`}
                    onClick={() => onCommand('approve', image)}
                  >
                    Approve
                  </button>
                ) : (
                  <UndoDecision
                    jobId={jobId}
                    image={image}
                    onDone={onDecided}
                    className="button button--light"
                    tabIndex={tab}
                  />
                )}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
