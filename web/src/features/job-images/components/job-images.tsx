import type { StyleSpec } from '@studio/shared/style-spec';
import { useState, type ReactNode } from 'react';
import { deliveredImages, imageCountsOf, imageStatuses, totalImages, type ImageStatus } from '@studio/shared/images';
import type { JobImage, ListJobImagesResponse } from '@studio/shared/image-api';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import type { Caller } from '../api/call-api.ts';
import { useJobImages } from '../api/list-job-images.ts';
import { BulkDelivery } from './bulk-delivery.tsx';
import { ImageDetail } from './image-detail.tsx';
import { ImageGrid } from './image-grid.tsx';
import { clientStatusLabels, staffStatusLabels } from './image-status.ts';
import './job-images.css';

/** The filters a reader is offered: staff every status; a client what it has, or all. */
const filtersFor = (caller: Caller): readonly ImageStatus[] =>
  caller === 'staff' ? imageStatuses : ['DELIVERED', 'APPROVED', 'REJECTED'];

/** "N of M delivered": the images the client has (delivered, approved or rejected) of all. */
export function DeliveredCount({ counts }: { counts: ListJobImagesResponse['counts'] }) {
  const all = imageCountsOf(counts);
  return (
    <p className="job-images__count" role="status">
      {deliveredImages(all)} of {totalImages(all)} delivered
    </p>
  );
}

function StatusFilter({
  caller,
  counts,
  selected,
  onSelect,
}: {
  caller: Caller;
  counts: ListJobImagesResponse['counts'] | undefined;
  selected: ImageStatus | null;
  onSelect: (status: ImageStatus | null) => void;
}) {
  const all = counts ? imageCountsOf(counts) : null;
  const labels = caller === 'staff' ? staffStatusLabels : clientStatusLabels;
  const option = (status: ImageStatus | null, label: string, count: number | undefined) => (
    <button
      key={status ?? 'all'}
      type="button"
      className="job-images__filter"
      aria-pressed={selected === status}
      onClick={() => onSelect(status)}
    >
      {label}
      {count !== undefined && <span className="job-images__filter-count"> {count}</span>}
    </button>
  );
  return (
    <div className="job-images__filters" role="group" aria-label="Show images">
      {option(null, 'All', all ? totalImages(all) : undefined)}
      {filtersFor(caller).map((status) => option(status, labels[status], all?.[status]))}
    </div>
  );
}

/**
 * A job's images, a page at a time, filtered by status, each opening its detail (versions by
 * round, downloads). For the job's editor and managers (`canDeliver`): bulk delivery by file
 * name, and delivery on each image. `heading` is the section's title.
 */
export function JobImages({
  caller,
  jobId,
  canDeliver = false,
  heading,
  headingLevel = 2,
  toolbar,
  specDetails,
}: {
  caller: Caller;
  jobId: string;
  canDeliver?: boolean;
  heading: string;
  headingLevel?: 2 | 3 | 4;
  /** Shown above the grid once the first page is read (e.g. "Download all" when there is something to download). */
  toolbar?: (first: ListJobImagesResponse) => ReactNode;
  /** Staff: the job's spec beside each image (#35), read as this renders it. */
  specDetails?: (spec: StyleSpec) => ReactNode;
}) {
  const [status, setStatus] = useState<ImageStatus | null>(null);
  const [open, setOpen] = useState<JobImage | null>(null);
  const images = useJobImages(caller, jobId, status);
  const first = images.data?.pages[0];
  const Heading = `h${headingLevel}` as const;
  const headingId = `images-${jobId}`;
  return (
    <section className="job-images" aria-labelledby={headingId}>
      <Heading id={headingId}>{heading}</Heading>
      {first && <DeliveredCount counts={first.counts} />}
      {caller === 'client' && first && !first.released && deliveredImages(imageCountsOf(first.counts)) > 0 && (
        <p className="job-images__held" role="note">
          The finished images are shown here once the job is paid.
        </p>
      )}
      {first && toolbar?.(first)}
      {canDeliver && <BulkDelivery jobId={jobId} />}
      <StatusFilter caller={caller} counts={first?.counts} selected={status} onSelect={setStatus} />
      <QueryState
        query={images}
        loading="Loading images..."
        error="Failed to load the images."
        isEmpty={(data) => data.pages.every((page) => page.images.length === 0)}
        empty={<p className="staff-empty">{status ? 'No images with this status.' : 'This job has no images.'}</p>}
      >
        {(data) => (
          <>
            <ImageGrid
              images={data.pages.flatMap((page) => page.images)}
              caller={caller}
              label="Images of the job"
              onOpen={setOpen}
            />
            <LoadMore query={images} />
          </>
        )}
      </QueryState>
      {open && (
        <ImageDetail
          caller={caller}
          jobId={jobId}
          image={open}
          canDeliver={canDeliver}
          onClose={() => setOpen(null)}
          specDetails={specDetails}
        />
      )}
    </section>
  );
}
