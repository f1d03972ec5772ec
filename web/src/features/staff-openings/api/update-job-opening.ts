import type { JobOpeningBody } from '@studio/shared/content-admin';
import { jobOpeningsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { openingKeys } from './query-keys.ts';

/** `PUT /api/job-openings/{id}`: every field; `isActive` false closes the opening. */
export function updateJobOpening({ id, body }: { id: string; body: JobOpeningBody }) {
  return staffApiRequest('updateJobOpening', { params: { id }, body });
}

/** Refreshes the openings here and the careers page's open positions. */
export const useUpdateJobOpening = () =>
  useInvalidatingMutation({
    mutationFn: updateJobOpening,
    invalidates: () => [openingKeys.lists(), jobOpeningsKey],
  });
