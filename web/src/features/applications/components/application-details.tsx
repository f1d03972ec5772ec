import { useEffect, useRef, type ReactNode } from 'react';
import { jobTypeLabels, type Application } from '@studio/shared/job-application';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useApplication } from '../api/get-application.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { formatDate, orNotSpecified } from './review-logic.ts';

function Section({ title, rows, children }: { title: string; rows: [string, ReactNode][]; children?: ReactNode }) {
  return (
    <section className="application-details__section">
      <h3>{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

function Details({ application, onError }: { application: Application; onError: (message: string) => void }) {
  const opening = application.jobOpening;
  return (
    <>
      <Section
        title="Personal Information"
        rows={[
          ['Full Name', application.fullName],
          ['Email', <a href={`mailto:${application.email}`}>{application.email}</a>],
          ['Contact', <a href={`tel:${application.contactNo}`}>{application.contactNo}</a>],
          ['Location', application.currentLocation],
        ]}
      />
      <Section
        title="Professional Information"
        rows={[
          ['Current Company', orNotSpecified(application.currentCompany)],
          ['Current Designation', orNotSpecified(application.currentDesignation)],
          ['Overall Experience', application.overallExperience],
          ['Current CTC', orNotSpecified(application.currentCTC)],
          ['Expected CTC', orNotSpecified(application.expectedCTC)],
          ['Notice Period', application.noticePeriod],
          [
            'Portfolio',
            application.portfolioLink ? (
              <a href={application.portfolioLink} target="_blank" rel="noopener noreferrer">
                {application.portfolioLink}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              orNotSpecified(null)
            ),
          ],
          ['Applied', formatDate(application.createdAt)],
        ]}
      />
      <Section
        title="Job Information"
        rows={[
          ['Position', opening.title],
          ['Job Type', jobTypeLabels[application.jobType]],
          ['Status', opening.isActive ? 'Active' : 'Inactive'],
          ['Posted', opening.postedDate ? formatDate(opening.postedDate) : orNotSpecified(null)],
          ['Description', opening.description],
        ]}
      />
      <div className="application-details__actions">
        <DownloadButtons application={application} onError={onError} />
      </div>
    </>
  );
}

/**
 * The details of one application in a modal dialog (spec §2), read with `GET api/applications/{id}`.
 * The close button, a click on the overlay and Escape close it; focus stays inside while open and
 * returns to the View Details button afterwards (native `<dialog>` modal behaviour).
 */
export function ApplicationDetailsDialog({
  id,
  onClose,
  onError,
}: {
  id: string;
  onClose: () => void;
  onError: (message: string) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { data, isPending, isError, error } = useApplication(id);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const headingId = `application-details-${id}`;
  return (
    <dialog
      ref={dialogRef}
      className="application-details"
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Escape: let React close it, so state and the dialog agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="application-details__body">
        <div className="application-details__head">
          <h2 id={headingId}>{data ? data.data.fullName : 'Application details'}</h2>
          <button type="button" className="application-details__close" aria-label="Close details" onClick={onClose}>
            ×
          </button>
        </div>
        {isPending ? (
          <p role="status">Loading...</p>
        ) : isError ? (
          <p role="alert">
            {apiErrorText(error, 'Failed to fetch application details', {
              offline: 'Error fetching application details',
              serverText: () => false,
            })}
          </p>
        ) : (
          <Details application={data.data} onError={onError} />
        )}
      </div>
    </dialog>
  );
}
