import type { JobOpeningBody } from '@studio/shared/content-admin';
import { jobOpeningsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { openingKeys } from './query-keys.ts';

/** `POST /api/job-openings`. */
export function createJobOpening(body: JobOpeningBody) {
  return staffApiRequest('createJobOpening', { body });
}

/** Refreshes the openings here and the careers page's open positions. */
export const useCreateJobOpening = () =>
  useInvalidatingMutation({
    mutationFn: createJobOpening,
    invalidates: () => [openingKeys.lists(), jobOpeningsKey],
  });
