import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useJobPhotos } from '../api/list-job-photos.ts';
import type { Caller } from '../api/query-keys.ts';
import { ArchiveButton } from './archive-button.tsx';
import { FileList } from './file-list.tsx';
import './job-files.css';

/** The client's photos of a job: previews and downloads, a page at a time, and "Download all". */
export function JobPhotos({ caller, jobId }: { caller: Caller; jobId: string }) {
  const photos = useJobPhotos(caller, jobId);
  return (
    <section className="job-files" aria-labelledby={`photos-${jobId}`}>
      <h2 id={`photos-${jobId}`}>Client photos</h2>
      <QueryState
        query={photos}
        isEmpty={(data) => data.pages[0]?.total === 0}
        empty={<p className="staff-empty">No photos were uploaded: the client sent a link.</p>}
        error="Failed to load the photos."
      >
        {(data) => (
          <>
            <p className="form__hint">{data.pages[0]?.total} photos</p>
            <ArchiveButton caller={caller} jobId={jobId} set="photos" label="Download all photos" />
            <FileList files={data.pages.flatMap((page) => page.photos)} label="Client photos" />
            <LoadMore query={photos} />
          </>
        )}
      </QueryState>
    </section>
  );
}
