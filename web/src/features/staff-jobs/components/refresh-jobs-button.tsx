import { useQueryClient } from '@tanstack/react-query';
import { jobKeys } from '../api/query-keys.ts';

/** The job pages' Refresh (spec §2): reads the jobs and the editors again. */
export function RefreshJobsButton() {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void queryClient.invalidateQueries({ queryKey: jobKeys.all })}
    >
      Refresh
    </button>
  );
}
