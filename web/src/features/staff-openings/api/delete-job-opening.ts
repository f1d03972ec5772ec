import { jobOpeningsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { openingKeys } from './query-keys.ts';

/** `DELETE /api/job-openings/{id}`. */
export function deleteJobOpening(id: string) {
  return staffApiRequest('deleteJobOpening', { params: { id } });
}

/** Refreshes the openings here and the careers page's open positions. */
export const useDeleteJobOpening = () =>
  useInvalidatingMutation({
    mutationFn: deleteJobOpening,
    invalidates: () => [openingKeys.lists(), jobOpeningsKey],
  });
