import type { ReactNode } from 'react';
import type { Job } from '@studio/shared/job';
import { formatCents } from '@studio/shared/money';
import { QueryState } from '../../../components/query-state.tsx';
import { useJob } from '../api/get-job.ts';
import { ArchiveButton } from './archive-button.tsx';
import { Deliverables, DeliverFiles } from './deliverables.tsx';
import { JobPhotos } from './job-photos.tsx';
import './job-files.css';

function JobHeading({ job }: { job: Job }) {
  return (
    <dl className="job-files__facts">
      <dt>Job</dt>
      <dd>{job.jobNumber ?? job.id}</dd>
      <dt>Service</dt>
      <dd>{job.serviceName}</dd>
      <dt>Client</dt>
      {/* An editor's view of the job has the client's name, not the e-mail (docs/access.md). */}
      <dd>
        {job.client ? (job.client.email ? `${job.client.name} <${job.client.email}>` : job.client.name) : job.clientId}
      </dd>
      <dt>Photos</dt>
      <dd>{job.numberOfPhotos}</dd>
      <dt>Total</dt>
      <dd>{formatCents(job.totalCents, job.currency)}</dd>
      {job.instructions && (
        <>
          <dt>Instructions</dt>
          <dd>{job.instructions}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * A job's files for its staff: the client's photos (previews, downloads, "Download all") and the
 * finished files, which the assigned editor or a manager uploads here. A job made of uploaded
 * photos (#33) shows its images instead (`images`, composed by the page): each photo with its
 * versions, delivered image by image; "Download all" stays here.
 */
export function JobFilesPage({ jobId, images }: { jobId: string; images: (job: Job) => ReactNode }) {
  const job = useJob('staff', jobId);
  return (
    <QueryState query={job} error="Failed to load the job.">
      {(data) => (
        <div className="job-files__page">
          <JobHeading job={data} />
          {data.uploadId ? <ImageJobFiles job={data} images={images} /> : <LinkJobFiles job={data} />}
        </div>
      )}
    </QueryState>
  );
}

/** A job with images: "Download all" of the photos and of the finished versions, then its images. */
function ImageJobFiles({ job, images }: { job: Job; images: (job: Job) => ReactNode }) {
  return (
    <>
      <div className="job-files__archives">
        <ArchiveButton caller="staff" jobId={job.id} set="photos" label="Download all photos" />
        {job.deliverableCount > 0 && (
          <ArchiveButton caller="staff" jobId={job.id} set="deliverables" label="Download all finished files" />
        )}
      </div>
      {images(job)}
    </>
  );
}

/** A job sent as a link, or made before images: the client's photos and the job's finished files. */
function LinkJobFiles({ job: data }: { job: Job }) {
  const jobId = data.id;
  return (
    <>
      <JobPhotos caller="staff" jobId={jobId} />
      <section className="job-files" aria-labelledby={`finished-${jobId}`}>
        <h2 id={`finished-${jobId}`}>Finished files</h2>
        <Deliverables caller="staff" jobId={jobId} count={data.deliverableCount} />
        {data.status === 'CANCELLED' ? (
          <p className="form__hint">This job was cancelled, so nothing can be delivered to it.</p>
        ) : (
          <DeliverFiles jobId={jobId} />
        )}
      </section>
    </>
  );
}
