import type { ReactNode } from 'react';
import type { StyleSpec } from '@studio/shared/style-spec';
import { useId, useRef, useState } from 'react';
import { maxQcNoteLength } from '@studio/shared/images';
import type { ListQcImagesResponse } from '@studio/shared/image-api';
import { Link } from '../../../components/app-link.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { StudioTime } from '../../../lib/studio-time-zone.tsx';
import { useDecideQc } from '../api/decide-qc.ts';
import { useQcImages } from '../api/list-qc-images.ts';
import { ImageThumb } from './image-thumb.tsx';
import { JobSpecPanel } from './job-spec-panel.tsx';
import './job-images.css';

type Entry = ListQcImagesResponse['images'][number];

const failNoteText = 'Say what the editor should fix.';

/**
 * One image waiting for QC: the delivered version beside the original and the job's spec (#35), then Pass, or Fail with a
 * note for the editor (required). After a decision, focus goes to the next image (`onDecided`).
 */
function QcEntry({
  entry,
  onDecided,
  specDetails,
}: {
  entry: Entry;
  onDecided: () => void;
  specDetails?: (spec: StyleSpec) => ReactNode;
}) {
  const decide = useDecideQc();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const id = useId();
  const { job, image } = entry;
  const version = image.current;
  const jobLabel = job.jobNumber ?? job.serviceName;
  const send = (decision: 'PASS' | 'FAIL') => {
    if (decision === 'FAIL' && note.trim() === '') {
      setNoteError(failNoteText);
      return;
    }
    setNoteError(null);
    decide.mutate(
      {
        jobId: job.id,
        imageId: image.id,
        body: decision === 'PASS' ? { decision } : { decision, note: note.trim() },
      },
      { onSuccess: onDecided },
    );
  };
  return (
    <article className="tile qc-entry" aria-labelledby={`${id}-title`} data-qc-entry>
      <h2 id={`${id}-title`} className="qc-entry__title">
        {image.fileName}
      </h2>
      <p className="form__hint">
        <Link to={paths.jobFiles(job.id)}>
          {jobLabel} ({job.serviceName})
        </Link>
        {version && `, round ${version.round}, version ${version.number}`}, waiting since{' '}
        <StudioTime iso={entry.waitingSince} withTime />
      </p>
      <div className="qc-entry__layout">
        <div className="qc-entry__compare">
          <figure>
            {version ? (
              <ImageThumb file={version} alt={`Delivered ${image.fileName}`} className="qc-entry__picture" />
            ) : (
              <p className="form__hint">No version found.</p>
            )}
            <figcaption>
              Delivered
              {version && (
                <>
                  {' '}
                  <a
                    href={version.downloadUrl}
                    download={version.fileName}
                    aria-label={`Download delivered ${image.fileName}`}
                  >
                    full size
                  </a>
                </>
              )}
            </figcaption>
          </figure>
          <figure>
            <ImageThumb file={image.original} alt={`Original ${image.fileName}`} className="qc-entry__picture" />
            <figcaption>
              Original{' '}
              <a
                href={image.original.downloadUrl}
                download={image.original.fileName}
                aria-label={`Download original ${image.fileName}`}
              >
                full size
              </a>
            </figcaption>
          </figure>
        </div>
        {specDetails && <JobSpecPanel caller="staff" jobId={job.id} details={specDetails} />}
      </div>
      <div className="qc-entry__decide">
        <button
          type="button"
          className="button button--primary"
          disabled={decide.isPending}
          onClick={() => send('PASS')}
          aria-label={`Pass ${image.fileName}`}
        >
          Pass
        </button>
        <div className="qc-entry__fail">
          <label htmlFor={`${id}-note`}>Note for the editor (to fail)</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={maxQcNoteLength}
            value={note}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${id}-note-error` : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          {noteError && (
            <p id={`${id}-note-error`} className="form__error">
              {noteError}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={decide.isPending}
            onClick={() => send('FAIL')}
            aria-label={`Fail ${image.fileName}`}
          >
            Fail
          </button>
        </div>
      </div>
      {decide.isError && (
        <p className="form__alert" role="alert">
          {apiErrorText(decide.error, 'The decision could not be saved.', refusalReason)}
        </p>
      )}
    </article>
  );
}

/**
 * `/qc` (MANAGER, SUPER_ADMIN): the images waiting for QC across jobs, oldest first. Each is
 * passed (the client gets it) or failed with a note (back to the editor).
 */
export function QcBoard({ specDetails }: { specDetails?: (spec: StyleSpec) => ReactNode } = {}) {
  const images = useQcImages();
  const list = useRef<HTMLDivElement>(null);
  const [decided, setDecided] = useState(0);
  // Focus the first image left once a decision refreshed the list: the next one to check.
  const focusNext = () => {
    setDecided((count) => count + 1);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[data-qc-entry] button')?.focus());
  };
  return (
    <div ref={list} className="qc-board">
      {decided > 0 && (
        <p className="form__hint" role="status">
          {decided} {decided === 1 ? 'decision' : 'decisions'} saved.
        </p>
      )}
      <QueryState
        query={images}
        loading="Loading the images waiting for QC..."
        error="Failed to load the images waiting for QC."
        isEmpty={(data) => data.pages.every((page) => page.images.length === 0)}
        empty={<p className="staff-empty">No images wait for QC.</p>}
      >
        {(data) => (
          <>
            <p className="form__hint">Oldest first.</p>
            <div className="qc-board__list">
              {data.pages
                .flatMap((page) => page.images)
                .map((entry) => (
                  <QcEntry
                    key={`${entry.image.id}-${entry.image.current?.id}`}
                    entry={entry}
                    onDecided={focusNext}
                    specDetails={specDetails}
                  />
                ))}
            </div>
            <LoadMore query={images} />
          </>
        )}
      </QueryState>
    </div>
  );
}
