import type { ArchiveSet } from '@studio/shared/job-files';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useArchive } from '../api/get-archive.ts';
import { useRequestArchive } from '../api/request-archive.ts';
import type { Caller } from '../api/query-keys.ts';
import { fileSize } from './file-size.ts';

/**
 * "Download all" of one set: asks for the zip, says while it is being built (in the background,
 * however big the job), then offers it as a download.
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
  const archive = useArchive(caller, jobId, set);
  const request = useRequestArchive(caller, jobId, set);
  const state = archive.data;
  if (state?.status === 'READY' && state.downloadUrl) {
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
  const building = state?.status === 'BUILDING' || request.isPending;
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
          {state.error}
        </p>
      )}
      {request.isError && (
        <p className="form__alert" role="alert">
          {apiErrorText(request.error, 'The archive could not be started.', { lead: true, issues: 'omit' })}
        </p>
      )}
    </div>
  );
}
