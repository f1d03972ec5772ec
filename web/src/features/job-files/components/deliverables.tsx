import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { UploadArea } from '../../../components/upload-area.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeliverFiles } from '../api/deliver-file.ts';
import { useDeliverables } from '../api/list-deliverables.ts';
import type { Caller } from '../api/query-keys.ts';
import { ArchiveButton } from './archive-button.tsx';
import { FileList } from './file-list.tsx';
import './job-files.css';

/**
 * Whether the server keeps a client's finished files back (403): the studio releases them once the
 * job is paid, unless its setting releases them before (#16). Not a failure: nothing to retry.
 */
function heldBack(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/**
 * The finished files of a job, each downloadable and all as one archive. A client whose files wait
 * for payment is told so, in the server's words, instead of a failure.
 */
export function Deliverables({ caller, jobId, count }: { caller: Caller; jobId: string; count: number }) {
  const files = useDeliverables(caller, jobId, count > 0);
  if (count === 0) return <p className="form__hint">No finished files yet.</p>;
  if (caller === 'client' && files.data === undefined && heldBack(files.error)) {
    return (
      <p className="job-files__held" role="status">
        {files.error.message}
      </p>
    );
  }
  return (
    <QueryState query={files} error="Failed to load the finished files.">
      {(data) => (
        <div className="job-files__delivered">
          <ArchiveButton caller={caller} jobId={jobId} set="deliverables" label="Download all finished files" />
          <FileList files={data.pages.flatMap((page) => page.deliverables)} label="Finished files" />
          <LoadMore query={files} />
        </div>
      )}
    </QueryState>
  );
}

/** An editor's or manager's upload of finished files to a job, with per-file progress and retry. */
export function DeliverFiles({ jobId }: { jobId: string }) {
  const queue = useDeliverFiles(jobId);
  return <UploadArea queue={queue} title="Choose finished files to deliver" listLabel="Files being delivered" />;
}
