import { useState, type ReactNode } from 'react';
import { jobTypeLabels, type Application } from '@studio/shared/job-application';
import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useApplication } from '../api/get-application.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { Facts } from './facts.tsx';
import { formatDate, orNotSpecified } from './review-logic.ts';

function Section({ title, rows, children }: { title: string; rows: [string, ReactNode][]; children?: ReactNode }) {
  return (
    <section className="application-details__section">
      <h3>{title}</h3>
      <Facts rows={rows} />
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
 * returns to the View Details button afterwards (the shared `Dialog`). A failed download is said
 * inside the dialog, where the reader is.
 */
export function ApplicationDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const application = useApplication(id);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog
      title={application.data ? application.data.data.fullName : 'Application details'}
      onClose={onClose}
      closeButton
      closeLabel="Close details"
      className="dialog--wide application-details"
    >
      <QueryState
        query={application}
        loading="Loading application..."
        error={(error) =>
          apiErrorText(error, 'Failed to fetch application details', {
            offline: 'Error fetching application details',
            serverText: () => false,
          })
        }
      >
        {({ data }) => (
          <>
            {failure && <FormAlert>{failure}</FormAlert>}
            <Details application={data} onError={setFailure} />
          </>
        )}
      </QueryState>
    </Dialog>
  );
}
