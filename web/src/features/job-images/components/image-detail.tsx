import type { ReactNode } from 'react';
import type { ImageVersion, JobImage } from '@studio/shared/image-api';
import type { StyleSpec } from '@studio/shared/style-spec';
import { Dialog } from '../../../components/dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useJobImage } from '../api/get-job-image.ts';
import type { Caller } from '../api/call-api.ts';
import { DeliverOnImage } from './deliver-on-image.tsx';
import { StatusChip } from './image-grid.tsx';
import { ImageThumb } from './image-thumb.tsx';
import { JobSpecPanel } from './job-spec-panel.tsx';
import { ReviewHistory } from './review-history.tsx';
import type { ImageFile } from './image-types.ts';

function sizeText(file: ImageFile): string {
  const megabytes = file.size / 1024 / 1024;
  const size = megabytes >= 1 ? `${megabytes.toFixed(1)} MB` : `${Math.max(1, Math.round(file.size / 1024))} KB`;
  return file.width && file.height ? `${file.width} × ${file.height}, ${size}` : size;
}

function versionTitle(version: ImageVersion): string {
  return version.kind === 'extra'
    ? `Round ${version.round}, extra file with version ${version.of ?? '?'}`
    : `Round ${version.round}, version ${version.number}`;
}

function qcText(version: ImageVersion): string | null {
  if (!version.qc) return null;
  return version.qc.decision === 'PASS' ? 'QC passed' : `QC failed: ${version.qc.note ?? ''}`;
}

/** One version in the image's history: its label (round, number), current or not, preview, download. */
function VersionItem({ version, current, caller }: { version: ImageVersion; current: boolean; caller: Caller }) {
  const title = versionTitle(version);
  const qc = caller === 'staff' ? qcText(version) : null;
  return (
    <li className="job-image-detail__version" data-current={current || undefined}>
      <ImageThumb file={version} alt={`${title}: ${version.fileName}`} />
      <div>
        <p className="job-image-detail__label">
          <strong>{title}</strong>
          {current && <span className="job-image__current"> Current</span>}
        </p>
        <p className="form__hint">
          {version.fileName}, {sizeText(version)}, delivered {formatDateTime(version.deliveredAt)}
          {caller === 'staff' && !version.released && version.kind === 'main' && ', not shown to the client'}
        </p>
        {qc && <p className={version.qc?.decision === 'FAIL' ? 'job-image__note' : 'form__hint'}>{qc}</p>}
        <a href={version.downloadUrl} download={version.fileName} aria-label={`Download ${title}`}>
          Download
        </a>
      </div>
    </li>
  );
}

/**
 * One image in a dialog: its original and every version its reader may see, oldest first,
 * labelled by round and number, the current one marked, each downloadable; for staff the QC
 * note of a failed check; the client's reviews with their shapes (#34); for the job's editor and managers (`canDeliver`), the delivery of a
 * finished or an extra file on this image. Staff see the job's spec beside it (#35).
 */
export function ImageDetail({
  caller,
  jobId,
  image,
  canDeliver,
  onClose,
  specDetails,
}: {
  caller: Caller;
  jobId: string;
  image: JobImage;
  canDeliver: boolean;
  onClose: () => void;
  /** Staff: how the job's spec reads in the panel beside the image (#35); absent, no panel. */
  specDetails?: (spec: StyleSpec) => ReactNode;
}) {
  const withSpec = caller === 'staff' && specDetails !== undefined;
  const detail = useJobImage(caller, jobId, image.id);
  return (
    <Dialog title={image.fileName} onClose={onClose} closeButton className="job-image-detail">
      <div className={withSpec ? 'job-image-detail__layout' : undefined}>
        <QueryState
          query={detail}
          loading="Loading the image..."
          error="Failed to load the image."
          isEmpty={() => false}
        >
          {({ image: current, versions, reviews }) => (
            <div className="job-image-detail__body">
              <p>
                <StatusChip status={current.status} caller={caller} />
              </p>
              {caller === 'staff' && current.qcNote && current.status === 'IN_EDIT' && (
                <p className="job-image__note" role="note">
                  <strong>QC note ({formatDateTime(current.qcNote.at)}):</strong> {current.qcNote.note}
                </p>
              )}
              <ReviewHistory image={current} reviews={reviews} versions={versions} />
              <section aria-label="Original">
                <h3>Original</h3>
                <div className="job-image-detail__version">
                  <ImageThumb file={current.original} alt={`Original ${current.fileName}`} />
                  <div>
                    <p className="form__hint">
                      {current.original.fileName}, {sizeText(current.original)}
                    </p>
                    <a
                      href={current.original.downloadUrl}
                      download={current.original.fileName}
                      aria-label={`Download the original ${current.fileName}`}
                    >
                      Download
                    </a>
                  </div>
                </div>
              </section>
              <section aria-label="Versions">
                <h3>Finished versions</h3>
                {versions.length === 0 ? (
                  <p className="form__hint">
                    {caller === 'client' ? 'Nothing finished to show yet.' : 'Nothing delivered yet.'}
                  </p>
                ) : (
                  <ol className="job-image-detail__versions" aria-label="Versions, newest first" reversed>
                    {[...versions].reverse().map((version) => (
                      <VersionItem
                        key={version.id}
                        version={version}
                        current={version.id === current.current?.id}
                        caller={caller}
                      />
                    ))}
                  </ol>
                )}
              </section>
              {canDeliver && <DeliverOnImage jobId={jobId} image={current} />}
            </div>
          )}
        </QueryState>
        {withSpec && <JobSpecPanel caller={caller} jobId={jobId} details={specDetails} />}
      </div>
    </Dialog>
  );
}
