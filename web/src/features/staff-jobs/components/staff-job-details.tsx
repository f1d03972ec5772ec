import { Link } from 'react-router-dom';
import type { Job } from '@studio/shared/job';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';

/** The facts of a job staff need: service, status and progress, photos, links, instructions. */
export function StaffJobDetails({ job, editorName }: { job: Job; editorName?: string }) {
  return (
    <dl className="staff-job__facts">
      <dt>Job number</dt>
      <dd>{job.jobNumber ?? '—'}</dd>
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
      <dd>
        {job.client ? (
          <>
            {job.client.name}{' '}
            <a className="staff-job__email" href={`mailto:${job.client.email}`}>
              {job.client.email}
            </a>
          </>
        ) : (
          <span className="staff-job__mono" title={job.clientId}>
            {job.clientId.slice(0, 8)}
          </span>
        )}
      </dd>
      {editorName !== undefined && (
        <>
          <dt>Editor</dt>
          <dd>{editorName}</dd>
        </>
      )}
      <dt>Files</dt>
      <dd>
        {job.dropboxLink && (
          <>
            <a href={job.dropboxLink} target="_blank" rel="noopener noreferrer">
              Open client photos
            </a>{' '}
          </>
        )}
        <Link to={paths.jobFiles(job.id)} aria-label={`Files of ${job.jobNumber ?? job.serviceName}`}>
          {job.uploadId ? `Open the ${job.numberOfPhotos} uploaded photos` : 'Job files'}
        </Link>
        {job.deliverableCount > 0 && ` · ${job.deliverableCount} finished files`}
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
