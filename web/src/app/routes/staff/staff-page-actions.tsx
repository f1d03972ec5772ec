import { Link } from 'react-router-dom';
import { RefreshJobsButton } from '../../../features/staff-jobs/components/refresh-jobs-button.tsx';

/** Refresh (reads the job lists again) and Back (to a dashboard): the spec's job page actions. */
export function JobPageActions({ back }: { back?: { to: string; label: string } }) {
  return (
    <>
      <RefreshJobsButton />
      {back && (
        <Link className="button button--secondary" to={back.to}>
          {back.label}
        </Link>
      )}
    </>
  );
}
