import type { Job } from '@studio/shared/job';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';

/** The facts of a job staff need: service, status and progress, photos, links, instructions. */
export function StaffJobDetails({ job, editorName }: { job: Job; editorName?: string }) {
  return (
    <dl className="staff-job__facts">
      <dt>Status</dt>
      <dd>
        <span className="staff-job__status" data-status={job.status}>
          {jobStatusLabel(job.status)}
        </span>
      </dd>
      <dt>Progress</dt>
      <dd>
        <progress max={100} value={job.progress} aria-label={`Progress ${job.progress}%`} /> {job.progress}%
      </dd>
      <dt>Photos</dt>
      <dd>{job.numberOfPhotos}</dd>
      <dt>Subservices</dt>
      <dd>{job.subServices.map((sub) => sub.name).join(', ') || '—'}</dd>
      <dt>Ordered</dt>
      <dd>
        <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
      </dd>
      <dt>Client</dt>
      <dd className="staff-job__mono" title={job.clientId}>
        {job.clientId.slice(0, 8)}
      </dd>
      {editorName !== undefined && (
        <>
          <dt>Editor</dt>
          <dd>{editorName}</dd>
        </>
      )}
      <dt>Photos link</dt>
      <dd>
        {job.dropboxLink ? (
          <a href={job.dropboxLink} target="_blank" rel="noopener noreferrer">
            Open client photos
          </a>
        ) : job.uploadId ? (
          'Uploaded to the studio'
        ) : (
          '—'
        )}
      </dd>
      <dt>Delivery link</dt>
      <dd>
        {job.editorDropboxLink ? (
          <a href={job.editorDropboxLink} target="_blank" rel="noopener noreferrer">
            Open delivery
          </a>
        ) : (
          '—'
        )}
      </dd>
      {job.instructions && (
        <>
          <dt>Instructions</dt>
          <dd className="staff-job__instructions">{job.instructions}</dd>
        </>
      )}
    </dl>
  );
}
