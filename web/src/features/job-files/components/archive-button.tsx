import { useQuery } from '@tanstack/react-query';
import type { ArchiveSet, ArchiveVolume, JobArchive } from '@studio/shared/job-files';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { archiveQueryOptions } from '../api/get-archive.ts';
import { useRequestArchive } from '../api/request-archive.ts';
import type { Caller } from '../api/query-keys.ts';
import { fileSize } from '../../../lib/file-size.ts';
import '../../../components/upload-area.css';
import './archive-button.css';

/** Read again every two seconds while a volume is waiting for its worker or being zipped. */
const pollMs = 2000;

/** Whether some of the archive is still being built (a failed volume does not stop the others). */
export function archiveBuilding(archive: JobArchive | undefined): boolean {
  if (!archive) return false;
  if (archive.status === 'BUILDING') return true;
  return (archive.volumes ?? []).some((volume) => volume.status === 'PLANNED' || volume.status === 'BUILDING');
}

const volumeStateText: Record<ArchiveVolume['status'], string> = {
  PLANNED: 'Waiting to be zipped',
  BUILDING: 'Zipping...',
  READY: 'Ready',
  FAILED: 'Failed',
};

/** One zip of several: its state, its download once ready, why it failed. */
function VolumeRow({ volume, count }: { volume: ArchiveVolume; count: number }) {
  return (
    <li className={`file-row job-files__volume job-files__volume--${volume.status.toLowerCase()}`}>
      <span className="job-files__volume-name">
        Part {volume.number} of {count}: {volume.fileCount} files, {fileSize(volume.bytes)}
      </span>{' '}
      {volume.status === 'READY' && volume.downloadUrl ? (
        <a className="button button--primary button--small" href={volume.downloadUrl} download={volume.fileName}>
          Download {volume.fileName}
        </a>
      ) : (
        <span className="form__hint">{volumeStateText[volume.status]}</span>
      )}
      {volume.status === 'FAILED' && volume.error && <span className="form__error"> {volume.error}</span>}
    </li>
  );
}

/**
 * "Download all" of one set: asks for the archive, says while it is being built (in the
 * background, however big the job), then offers it as a download; a big set comes in volumes of at
 * most 2 GB (#33), each listed with its state and offered as soon as it is ready, and a volume that
 * failed is built again on request.
 */
export function ArchiveButton({
  caller,
  jobId,
  set,
  label,
}: {
  caller: Caller;
  jobId: string;
  set: ArchiveSet;
  label: string;
}) {
  const archive = useQuery({
    ...archiveQueryOptions(caller, jobId, set),
    refetchInterval: (query) => (archiveBuilding(query.state.data) ? pollMs : false),
  });
  const request = useRequestArchive(caller, jobId, set);
  const state = archive.data;
  const volumes = state?.volumes ?? [];
  const requestError = request.isError && (
    <p className="form__alert" role="alert">
      {apiErrorText(request.error, 'The archive could not be started.', { lead: true, issues: 'omit' })}
    </p>
  );

  if (state?.status === 'READY' && state.downloadUrl && volumes.length <= 1) {
    return (
      <p className="job-files__archive">
        <a className="button button--primary" href={state.downloadUrl} download={state.fileName}>
          Download {state.fileName}
        </a>{' '}
        <span className="form__hint">
          {state.fileCount} files, {fileSize(state.bytes ?? 0)}
        </span>
      </p>
    );
  }

  const building = archiveBuilding(state) || request.isPending;
  const failed = volumes.filter((volume) => volume.status === 'FAILED');
  const ready = volumes.filter((volume) => volume.status === 'READY').length;

  if (volumes.length > 1) {
    return (
      <div className="job-files__archive">
        <p className="form__hint" role="status">
          {state?.fileCount} files in {volumes.length} zips of at most 2 GB: {ready} of {volumes.length} ready
          {building ? '; this page updates as each one is ready.' : '.'}
        </p>
        <ol className="job-files__volumes" aria-label={`${label}: parts`}>
          {volumes.map((volume) => (
            <VolumeRow key={volume.number} volume={volume} count={volumes.length} />
          ))}
        </ol>
        {failed.length > 0 && (
          <button
            type="button"
            className="button button--secondary"
            disabled={request.isPending}
            onClick={() => request.mutate()}
          >
            {request.isPending ? 'Asking...' : `Build the failed ${failed.length === 1 ? 'part' : 'parts'} again`}
          </button>
        )}
        {requestError}
      </div>
    );
  }

  return (
    <div className="job-files__archive">
      <button type="button" className="button button--secondary" disabled={building} onClick={() => request.mutate()}>
        {building ? 'Preparing the archive...' : label}
      </button>
      {building && (
        <span className="form__hint" role="status">
          {' '}
          Zipping {state?.fileCount ?? ''} files; this page updates when it is ready.
        </span>
      )}
      {state?.status === 'FAILED' && !building && (
        <p className="form__alert" role="alert">
          {state.error ?? failed[0]?.error ?? 'The archive could not be built.'}
        </p>
      )}
      {requestError}
    </div>
  );
}
