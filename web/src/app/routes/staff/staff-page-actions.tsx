import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

/** Refresh (refetches the staff job lists) and Back (to a dashboard): the spec's page actions. */
export function JobPageActions({ back }: { back?: { to: string; label: string } }) {
  const queryClient = useQueryClient();
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void queryClient.invalidateQueries({ queryKey: ['staff-jobs'] })}
      >
        Refresh
      </button>
      {back && (
        <Link className="button button--secondary" to={back.to}>
          {back.label}
        </Link>
      )}
    </>
  );
}
