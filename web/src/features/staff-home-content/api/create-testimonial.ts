import type { TestimonialBody } from '@studio/shared/content-admin';
import { testimonialsKey } from '../../../lib/public-query-keys.ts';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { homeContentKeys } from './query-keys.ts';

/** `POST /api/testimonials`: appended last. */
export function createTestimonial(body: TestimonialBody) {
  return staffApiRequest('createTestimonial', { body });
}

/** Refreshes the testimonials here and on the home page. */
export const useCreateTestimonial = () =>
  useInvalidatingMutation({
    mutationFn: createTestimonial,
    invalidates: () => [homeContentKeys.testimonials(), testimonialsKey],
  });
