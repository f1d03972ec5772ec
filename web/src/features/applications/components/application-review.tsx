import { useId, useState } from 'react';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useApplications } from '../api/list-applications.ts';
import { ApplicationCard } from './application-card.tsx';
import { ApplicationDetailsDialog } from './application-details.tsx';
import { filterApplications } from './review-logic.ts';
import './application-review.css';

/**
 * Review applications (spec §2): filter by opening, search the loaded page, cards, pages of 10
 * with Previous / Next, the details dialog and the downloads.
 */
export function ApplicationReview() {
  const [page, setPage] = useState(1);
  const [jobId, setJobId] = useState('');
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const { notice, show, dismiss } = useTimedNotice();
  const { data, isPending, isError, error, isPlaceholderData } = useApplications({
    page,
    jobId: jobId || undefined,
  });
  const id = useId();
  const showError = (text: string) => show({ kind: 'error', text });

  const pages = data?.pagination.pages ?? 0;
  const visible = data ? filterApplications(data.data, search) : [];

  return (
    <div className="application-review">
      <div className="application-review__tools">
        <div className="form__field">
          <label htmlFor={`${id}-search`}>Search</label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search by name, email, or job title..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-opening`}>Job opening</label>
          <select
            id={`${id}-opening`}
            value={jobId}
            onChange={(event) => {
              setJobId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All openings</option>
            {data?.openings.map((opening) => (
              <option key={opening.id} value={opening.id}>
                {opening.title}
                {opening.isActive ? '' : ' (Inactive)'}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Notice notice={notice} onDismiss={dismiss} />

      {isPending ? (
        <p className="staff-empty" role="status">
          Loading applications...
        </p>
      ) : isError ? (
        <p className="form__alert" role="alert">
          {/* Spec §2 and §8: 'Error: {message}', the server's message or 'Failed to fetch applications'. */}
          Error: {apiErrorText(error, 'Failed to fetch applications', { issues: 'omit' })}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {visible.length === 0
              ? 'No applications found'
              : `${visible.length} application${visible.length === 1 ? '' : 's'} shown`}
          </p>
          {visible.length === 0 ? (
            <p className="staff-empty">No applications found</p>
          ) : (
            <ul className="application-review__list" aria-busy={isPlaceholderData || undefined}>
              {visible.map((application) => (
                <ApplicationCard
                  key={application.id}
                  application={application}
                  onView={setOpenId}
                  onError={showError}
                />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="application-review__pager" aria-label="Pages of applications">
              <button
                type="button"
                className="button button--secondary"
                disabled={page <= 1 || isPlaceholderData}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                Previous
              </button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={page >= pages || isPlaceholderData}
                onClick={() => setPage((current) => current + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
      {openId && <ApplicationDetailsDialog id={openId} onClose={() => setOpenId(null)} onError={showError} />}
    </div>
  );
}
