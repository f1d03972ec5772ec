import { useState } from 'react';
import type { ImageVersion, JobImage } from '@studio/shared/image-api';
import type { ImageReview } from '@studio/shared/image-review';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { ImageFile } from './image-types.ts';
import { MarkupOverlay } from './markup-overlay.tsx';
import { ShapeComments } from './review-comments.tsx';
import './review.css';
import '../../../components/file-thumb.css';

/** A picture with a review's shapes over it, at the picture's own size on the page. */
function MarkedPicture({
  file,
  alt,
  review,
  selected,
  onSelect,
  caption,
}: {
  file: ImageFile;
  alt: string;
  review: ImageReview;
  selected: number | null;
  onSelect: (index: number) => void;
  caption: string;
}) {
  const src = file.screenUrl ?? file.previewUrl;
  return (
    <figure className="review-history__picture">
      <div className="review-history__frame">
        {src ? (
          <img src={src} alt={alt} width={file.width ?? undefined} height={file.height ?? undefined} />
        ) : (
          <span className="file-thumb file-thumb--none" role="img" aria-label={`${alt}: no preview`}>
            No preview
          </span>
        )}
        <MarkupOverlay
          shapes={review.annotations}
          selected={selected}
          onSelect={onSelect}
          label={`${review.annotations.length} ${review.annotations.length === 1 ? 'mark' : 'marks'} on ${alt}`}
        />
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

function ReviewEntry({
  image,
  review,
  version,
}: {
  image: JobImage;
  review: ImageReview;
  version: ImageVersion | null;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const decision =
    review.decision === 'APPROVE'
      ? 'Approved'
      : review.sent
        ? 'Rejected and sent back'
        : 'Rejected (not sent to the studio yet)';
  return (
    <li className="review-history__entry">
      <h4>
        Round {review.round}: {decision}, {formatDateTime(review.decidedAt)}
      </h4>
      {review.comment && (
        <p>
          <strong>On the whole image:</strong> {review.comment}
        </p>
      )}
      {review.annotations.length > 0 && (
        <>
          <div className="review-history__pictures">
            <MarkedPicture
              file={image.original}
              alt={`Original ${image.fileName}, round ${review.round} marks`}
              review={review}
              selected={selected}
              onSelect={setSelected}
              caption="Original"
            />
            {version && (
              <MarkedPicture
                file={version}
                alt={`Version ${version.number} of ${image.fileName}, round ${review.round} marks`}
                review={review}
                selected={selected}
                onSelect={setSelected}
                caption={`Round ${version.round}, version ${version.number} (the one reviewed)`}
              />
            )}
          </div>
          <ShapeComments
            annotations={review.annotations}
            selected={selected}
            onSelect={setSelected}
            label={`Comments of round ${review.round}`}
          />
        </>
      )}
    </li>
  );
}

/**
 * The client's reviews of an image, newest first (issue 34): each rejection's shapes drawn over
 * the original and over the version it was about, with the comments in the shapes' order;
 * read-only. What the editor works from when an image comes back.
 */
export function ReviewHistory({
  image,
  reviews,
  versions,
}: {
  image: JobImage;
  reviews: readonly ImageReview[];
  versions: readonly ImageVersion[];
}) {
  if (reviews.length === 0) return null;
  return (
    <section className="review-history" aria-label="Client reviews">
      <h3>The client's review</h3>
      <ol className="review-history__list" reversed>
        {[...reviews].reverse().map((review) => (
          <ReviewEntry
            key={`${review.round}-${review.decidedAt}`}
            image={image}
            review={review}
            version={versions.find((version) => version.id === review.versionId) ?? null}
          />
        ))}
      </ol>
    </section>
  );
}
