import { jobTypeLabels, type Application } from '@studio/shared/job-application';
import { DownloadButtons } from './download-buttons.tsx';
import { formatDate, orNotSpecified } from './review-logic.ts';
import { Facts } from './facts.tsx';

/** One application on the review page (spec §2): the fields, View Details and the downloads. */
export function ApplicationCard({
  application,
  onView,
  onError,
}: {
  application: Application;
  onView: (id: string) => void;
  onError: (message: string) => void;
}) {
  const headingId = `application-${application.id}`;
  const rows: [string, string][] = [
    ['Email', application.email],
    ['Phone', application.contactNo],
    ['Position', application.jobOpening.title],
    ['Experience', application.overallExperience],
    ['Current CTC', orNotSpecified(application.currentCTC)],
    ['Expected CTC', orNotSpecified(application.expectedCTC)],
    ['Notice Period', application.noticePeriod],
    ['Applied', formatDate(application.createdAt)],
    ...(application.jobOpening.postedDate
      ? ([['Job Posted', formatDate(application.jobOpening.postedDate)]] as [string, string][])
      : []),
  ];
  return (
    <li className="staff-card application-card" aria-labelledby={headingId}>
      <div className="application-card__head">
        <h2 id={headingId} className="application-card__name">
          {application.fullName}
        </h2>
        <span className="application-card__type">{jobTypeLabels[application.jobType]}</span>
      </div>
      <Facts className="application-card__fields" rows={rows} />
      <div className="application-card__actions">
        <button
          type="button"
          className="button button--primary"
          aria-label={`View Details of ${application.fullName}`}
          onClick={() => onView(application.id)}
        >
          View Details
        </button>
        <DownloadButtons application={application} onError={onError} />
      </div>
    </li>
  );
}
