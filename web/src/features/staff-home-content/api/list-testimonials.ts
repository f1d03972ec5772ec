import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '@studio/shared/testimonial';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { homeContentKeys } from './query-keys.ts';

/** `GET /api/testimonials`: every testimonial in order (at most 50; the route does not page). */
export function listTestimonials({ signal }: { signal?: AbortSignal } = {}): Promise<Testimonial[]> {
  return staffApiRequest('listTestimonials', { signal });
}

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: homeContentKeys.testimonials(),
    queryFn: ({ signal }) => listTestimonials({ signal }),
    staleTime: 0,
  });

export function useTestimonials() {
  return useQuery(testimonialsQueryOptions());
}
