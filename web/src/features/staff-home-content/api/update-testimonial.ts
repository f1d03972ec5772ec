import type { TestimonialBody } from '@studio/shared/content-admin';
import { testimonialsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `PUT /api/testimonials/{id}`. */
export function updateTestimonial({ id, body }: { id: string; body: TestimonialBody }) {
  return staffApiRequest('updateTestimonial', { params: { id }, body });
}

/** Refreshes the testimonials here and on the home page. */
export const useUpdateTestimonial = () =>
  useInvalidatingMutation({
    mutationFn: updateTestimonial,
    invalidates: () => [homeContentKeys.testimonials(), testimonialsKey],
  });
