import { testimonialsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `DELETE /api/testimonials/{id}`. */
export function deleteTestimonial(id: string) {
  return staffApiRequest('deleteTestimonial', { params: { id } });
}

/** Refreshes the testimonials here and on the home page. */
export const useDeleteTestimonial = () =>
  useInvalidatingMutation({
    mutationFn: deleteTestimonial,
    invalidates: () => [homeContentKeys.testimonials(), testimonialsKey],
  });
