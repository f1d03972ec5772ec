import { useImperativeHandle, useRef, useState, type RefObject } from 'react';
import type { JobImage } from '@studio/shared/image-api';
import type { Annotation, ImageReview } from '@studio/shared/image-review';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { Caller } from '../api/call-api.ts';
import { useWithdrawImageReview } from '../api/review-image.ts';
import { annotationKindLabels } from './review-markup.ts';

/** Lets the picture move focus to a shape's comment when the shape is clicked. */
export interface CommentsHandle {
  focus: (index: number) => void;
}

/**
 * The comments of a review's shapes, in order, read-only: each item focusable; focusing or
 * clicking one selects its shape on the picture (`onSelect`), and `handle.focus(i)` comes back
 * the other way.
 */
export function ShapeComments({
  annotations,
  selected,
  onSelect,
  handle,
  label = 'Comments on the picture',
}: {
  annotations: readonly Annotation[];
  selected: number | null;
  onSelect?: (index: number) => void;
  handle?: RefObject<CommentsHandle | null>;
  label?: string;
}) {
  const items = useRef<(HTMLLIElement | null)[]>([]);
  useImperativeHandle(handle, () => ({ focus: (index: number) => items.current[index]?.focus() }), []);
  if (annotations.length === 0) return null;
  return (
    <ol className="review-comments" aria-label={label}>
      {annotations.map((annotation, index) => (
        <li
          key={index}
          ref={(element) => {
            items.current[index] = element;
          }}
          className="review-comments__item"
          tabIndex={0}
          data-selected={selected === index || undefined}
          aria-current={selected === index || undefined}
          onFocus={() => onSelect?.(index)}
          onClick={() => onSelect?.(index)}
        >
          <span className="review-comments__number">{index + 1}</span>{' '}
          <span>
            <span className="review-comments__kind">{annotationKindLabels[annotation.kind]}</span> {annotation.comment}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Whether the client may still take back its decision on `image` (made, not sent). */
export function mayWithdraw(image: JobImage): boolean {
  return image.review !== null && !image.review.sent && (image.status === 'APPROVED' || image.status === 'REJECTED');
}

/** "Undo": the decision is taken back (`DELETE .../review`); the image is to review again. */
export function UndoDecision({
  jobId,
  image,
  onDone,
  className = 'button button--secondary',
  tabIndex,
}: {
  jobId: string;
  image: JobImage;
  onDone?: (text: string) => void;
  className?: string;
  /** In the review grid: a tab stop only on the card last moved to. */
  tabIndex?: number;
}) {
  const withdraw = useWithdrawImageReview();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        tabIndex={tabIndex}
        disabled={withdraw.isPending}
        aria-label={`Undo the decision on ${image.fileName}`}
        onClick={() =>
          withdraw.mutate(
            { jobId, imageId: image.id },
            {
              onSuccess: () => {
                setFailure(null);
                onDone?.(`${image.fileName} is to review again.`);
              },
              onError: (error) =>
                setFailure(apiErrorText(error, 'The decision could not be taken back.', refusalReason)),
            },
          )
        }
      >
        {withdraw.isPending ? 'Undoing...' : 'Undo'}
      </button>
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

function decisionText(caller: Caller, review: ImageReview): string {
  const who = caller === 'client' ? 'You' : 'The client';
  if (review.decision === 'APPROVE') return `${who} approved this version (round ${review.round}).`;
  return review.sent
    ? `${who} sent it back in round ${review.round}, on ${formatDateTime(review.decidedAt)}.`
    : `${who} rejected it (round ${review.round}); not sent to the studio yet.`;
}

/**
 * The review of the version shown, read-only: the decision, the comment on the whole image and the
 * shapes' comments; for the client, "Undo" while its decision is not sent.
 */
export function ReviewComments({
  ref,
  caller,
  jobId,
  image,
  review,
  readOnly,
  selected,
  onSelect,
  onDecided,
}: {
  ref: RefObject<CommentsHandle | null>;
  caller: Caller;
  jobId: string;
  image: JobImage;
  review: ImageReview | null;
  readOnly: boolean;
  selected: number | null;
  onSelect: (index: number) => void;
  onDecided?: (text: string) => void;
}) {
  const undo = caller === 'client' && !readOnly && mayWithdraw(image);
  if (!review) {
    return (
      <div className="review-panel">
        <p className="form__hint">
          {image.status === 'DELIVERED' || image.status === 'APPROVED' || image.status === 'REJECTED'
            ? 'No comments on this version.'
            : 'The studio is working on this image.'}
        </p>
        {undo && <UndoDecision jobId={jobId} image={image} onDone={onDecided} />}
      </div>
    );
  }
  return (
    <div className="review-panel">
      <p className="review-panel__decision" data-decision={review.decision}>
        {decisionText(caller, review)}
      </p>
      {undo && <UndoDecision jobId={jobId} image={image} onDone={onDecided} />}
      {review.comment && (
        <p className="review-panel__comment">
          <strong>On the whole image:</strong> {review.comment}
        </p>
      )}
      <ShapeComments annotations={review.annotations} selected={selected} onSelect={onSelect} handle={ref} />
    </div>
  );
}
