import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { UploadArea } from '../../../components/upload-area.tsx';
import { useDeliverFiles } from '../api/deliver-file.ts';
import { useDeliverables } from '../api/list-deliverables.ts';
import type { Caller } from '../api/query-keys.ts';
import { ArchiveButton } from './archive-button.tsx';
import { FileList } from './file-list.tsx';
import './job-files.css';

/** The finished files of a job, each downloadable and all as one archive. */
export function Deliverables({ caller, jobId, count }: { caller: Caller; jobId: string; count: number }) {
  const files = useDeliverables(caller, jobId, count > 0);
  if (count === 0) return <p className="form__hint">No finished files yet.</p>;
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
  return (
    <UploadArea
      state={queue.state}
      onAdd={queue.add}
      onRetry={queue.retry}
      onRemove={queue.remove}
      title="Choose finished files to deliver"
      listLabel="Files being delivered"
    />
  );
}
