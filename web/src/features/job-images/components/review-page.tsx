import { useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { deliveredImages, imageCountsOf, totalImages, type ImageCounts, type ImageStatus } from '@studio/shared/images';
import type { JobImage } from '@studio/shared/image-api';
import type { Job } from '@studio/shared/job';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import type { Caller } from '../api/call-api.ts';
import { useJobImages } from '../api/list-job-images.ts';
import { useReviewImage, useWithdrawImageReview } from '../api/review-image.ts';
import { CompareViewer } from './compare-viewer.tsx';
import { FirstTimeApprovalFigure } from './first-time-approval.tsx';
import { ReviewBar } from './review-bar.tsx';
import { ReviewGrid } from './review-grid.tsx';
import type { CardCommand } from './review-grid-keys.ts';
import './job-images.css';
import './review.css';

/** The page's filters, as `?show=` says them. */
const filters = [
  { show: null, status: null, label: 'All' },
  { show: 'to-review', status: 'DELIVERED', label: 'To review' },
  { show: 'approved', status: 'APPROVED', label: 'Approved' },
  { show: 'rejected', status: 'REJECTED', label: 'Rejected' },
] as const satisfies readonly { show: string | null; status: ImageStatus | null; label: string }[];

type Filter = (typeof filters)[number];

const filterOf = (show: string | null): Filter => filters.find((filter) => filter.show === show) ?? filters[0];
const countOf = (filter: Filter, counts: ImageCounts) => (filter.status ? counts[filter.status] : totalImages(counts));

export const nothingToReviewText = 'Nothing to review yet: the studio is still working on your photos.';

/**
 * A job's review page (issue 34): the client approves or rejects each delivered image (with mark-up
 * in the compare viewer), then sends the rejections as one round or approves the job; staff see
 * the same grid, shapes and comments read-only (`readOnly`). The filter (`?show=`) and the image
 * open in the viewer (`?image=`) are in the URL, so a reload or a shared link shows the same.
 */
export function ReviewPage({
  caller,
  job,
  readOnly,
  approveJob,
}: {
  caller: Caller;
  job: Job;
  readOnly: boolean;
  /** The job's approval (the job page's flow with its confirmation), offered in the bar. */
  approveJob?: ReactNode;
}) {
  return (
    <ConfirmProvider>
      <Review caller={caller} job={job} readOnly={readOnly} approveJob={approveJob} />
    </ConfirmProvider>
  );
}

function Review({ caller, job, readOnly, approveJob }: Parameters<typeof ReviewPage>[0]) {
  const [search, setSearch] = useSearchParams();
  const filter = filterOf(search.get('show'));
  const openId = search.get('image');
  const images = useJobImages(caller, job.id, filter.status);
  const first = images.data?.pages[0];
  const counts = first ? imageCountsOf(first.counts) : null;
  const list = images.data?.pages.flatMap((page) => page.images) ?? [];
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [marking, setMarking] = useState(false);
  const review = useReviewImage();
  const withdraw = useWithdrawImageReview();
  const say = (text: string) => setMessage({ kind: 'status', text });
  const fail = (error: unknown, text: string) =>
    setMessage({ kind: 'alert', text: apiErrorText(error, text, refusalReason) });

  // The image open in the viewer: from the list, or as last seen when a decision took it out of the filter.
  const lastOpen = useRef<{ image: JobImage; index: number } | null>(null);
  const openIndex = list.findIndex((image) => image.id === openId);
  if (openIndex >= 0) lastOpen.current = { image: list[openIndex]!, index: openIndex };
  const open = openId
    ? openIndex >= 0
      ? list[openIndex]!
      : lastOpen.current?.image.id === openId
        ? lastOpen.current.image
        : null
    : null;
  const at = openIndex >= 0 ? openIndex : (lastOpen.current?.index ?? 0);
  const neighbour = (step: 1 | -1) => {
    const index = openIndex >= 0 ? openIndex + step : step === 1 ? at : at - 1;
    return list[index] ?? null;
  };

  const setParam = (name: 'show' | 'image', value: string | null, replace = false) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace },
    );

  const command = (what: CardCommand, image: JobImage) => {
    if (what === 'open' || (what === 'reject' && image.status === 'DELIVERED')) {
      setMarking(what === 'reject');
      setParam('image', image.id);
      return;
    }
    if (what === 'approve' && image.status === 'DELIVERED') {
      review.mutate(
        { jobId: job.id, imageId: image.id, body: { decision: 'APPROVE' } },
        {
          onSuccess: () => say(`${image.fileName} approved.`),
          onError: (error) => fail(error, `${image.fileName} could not be approved:`),
        },
      );
    } else if (what === 'undo' && image.review && !image.review.sent && image.status !== 'DELIVERED') {
      withdraw.mutate(
        { jobId: job.id, imageId: image.id },
        {
          onSuccess: () => say(`${image.fileName} is to review again.`),
          onError: (error) => fail(error, 'The decision could not be taken back:'),
        },
      );
    }
  };

  const nothingDelivered =
    counts !== null && deliveredImages(counts) === 0 && (first?.firstTimeApproval.delivered ?? 0) === 0;
  const walk = (step: 1 | -1) => {
    const next = neighbour(step);
    return next ? () => setParam('image', next.id, true) : null;
  };
  return (
    <div className="review-page">
      {first && <FirstTimeApprovalFigure figure={first.firstTimeApproval} />}
      {caller === 'client' && first && !first.released && counts && deliveredImages(counts) > 0 && (
        <p className="job-images__held" role="note">
          The finished images are shown once the job is paid; you can review what you see now.
        </p>
      )}
      <div className="job-images__filters" role="group" aria-label="Show images">
        {filters.map((option) => (
          <button
            key={option.label}
            type="button"
            className="job-images__filter"
            aria-pressed={filter === option}
            onClick={() => setParam('show', option.show)}
          >
            {option.label}
            {counts && <span className="job-images__filter-count"> {countOf(option, counts)}</span>}
          </button>
        ))}
      </div>
      {nothingDelivered ? (
        <p className="query-state" role="status">
          {caller === 'client' ? nothingToReviewText : 'Nothing delivered to the client yet.'}
        </p>
      ) : (
        <QueryState
          query={images}
          loading="Loading images..."
          error="Failed to load the images."
          isEmpty={(data) => data.pages.every((page) => page.images.length === 0)}
          empty={filter.status === 'DELIVERED' ? 'Nothing left to review.' : 'No images here.'}
        >
          {() => (
            <>
              <p className="form__hint review-page__keys" id="review-keys">
                {readOnly
                  ? 'Arrow keys move between images; Enter opens one.'
                  : 'Arrow keys move between images; Enter opens one, A approves it, R starts a rejection, U undoes a decision.'}
              </p>
              <ReviewGrid
                images={list}
                caller={caller}
                jobId={job.id}
                readOnly={readOnly || job.status !== 'DELIVERED'}
                label="Images to review"
                onCommand={command}
                onDecided={say}
              />
              <LoadMore query={images} />
            </>
          )}
        </QueryState>
      )}
      {/*
       * After the grid and sticky at the foot of the screen: the bar in reach while the grid scrolls
       * (on a phone too), and what happened said where the person looks.
       */}
      <div className="review-page__foot">
        <div className="review-page__message" role="status">
          {message?.kind === 'status' && <p className="form__success">{message.text}</p>}
        </div>
        {message?.kind === 'alert' && (
          <p className="form__alert" role="alert">
            {message.text}
          </p>
        )}
        {counts && !nothingDelivered && (
          <ReviewBar
            jobId={job.id}
            counts={counts}
            round={job.round ?? 1}
            deciding={!readOnly && job.status === 'DELIVERED'}
            approveJob={approveJob}
            onMessage={say}
          />
        )}
      </div>
      {open && (
        <CompareViewer
          caller={caller}
          jobId={job.id}
          image={open}
          readOnly={readOnly || job.status !== 'DELIVERED'}
          startMarking={marking}
          position={openIndex >= 0 ? `${openIndex + 1} of ${list.length}` : undefined}
          onPrevious={walk(-1)}
          onNext={walk(1)}
          onDecided={say}
          onClose={() => {
            setMarking(false);
            setParam('image', null);
          }}
        />
      )}
    </div>
  );
}
