import { testimonialsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `PUT /api/testimonials/order`: every testimonial's id, in the new order. */
export function reorderTestimonials(ids: readonly string[]) {
  return staffApiRequest('reorderTestimonials', { body: { ids: [...ids] } });
}

/**
 * Refreshes the testimonials here and on the home page, also after a failure: a refused reorder
 * usually means the list changed meanwhile.
 */
export const useReorderTestimonials = () =>
  useInvalidatingMutation({
    mutationFn: reorderTestimonials,
    invalidates: () => [homeContentKeys.testimonials(), testimonialsKey],
    alsoOnFailure: true,
  });
