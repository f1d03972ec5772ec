import { useState } from 'react';
import { Field } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useApplications } from '../api/list-applications.ts';
import { ApplicationCard } from './application-card.tsx';
import { ApplicationDetailsDialog } from './application-details.tsx';
import { ApplicationPager } from './application-pager.tsx';
import { filterApplications } from './review-logic.ts';
import './application-review.css';

/**
 * Review applications (spec §2): filter by opening (on the server), search the loaded page (in
 * the browser, as the spec says), cards, pages of 10 with Previous / Next, the details dialog and
 * the downloads.
 */
export function ApplicationReview() {
  const [page, setPage] = useState(1);
  const [jobId, setJobId] = useState('');
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const { notice, show, dismiss } = useTimedNotice();
  const applications = useApplications({ page, jobId: jobId || undefined });
  const showError = (text: string) => show({ kind: 'error', text });

  return (
    <div className="application-review">
      <div className="application-review__tools">
        <Field label="Search" hint="Searches the applications of this page.">
          {(control) => (
            <input
              {...control}
              type="search"
              placeholder="Search by name, email, or job title..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
        <Field label="Job opening">
          {(control) => (
            <select
              {...control}
              value={jobId}
              onChange={(event) => {
                setJobId(event.target.value);
                setPage(1);
              }}
            >
              <option value="">All openings</option>
              {applications.data?.openings.map((opening) => (
                <option key={opening.id} value={opening.id}>
                  {opening.title}
                  {opening.isActive ? '' : ' (Inactive)'}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Notice notice={notice} onDismiss={dismiss} />

      <QueryState
        query={applications}
        loading="Loading applications..."
        // Spec §2 and §8: 'Error: {message}', the server's message or 'Failed to fetch applications'.
        error={(error) => `Error: ${apiErrorText(error, 'Failed to fetch applications', { issues: 'omit' })}`}
        isEmpty={(data) => filterApplications(data.data, search).length === 0}
        empty="No applications found"
      >
        {(data) => (
          <ul className="application-review__list" aria-busy={applications.isPlaceholderData || undefined}>
            {filterApplications(data.data, search).map((application) => (
              <ApplicationCard key={application.id} application={application} onView={setOpenId} onError={showError} />
            ))}
          </ul>
        )}
      </QueryState>
      {applications.data && (
        <ApplicationPager
          page={page}
          pages={applications.data.pagination.pages}
          busy={applications.isPlaceholderData}
          onPage={setPage}
        />
      )}
      {openId && <ApplicationDetailsDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
