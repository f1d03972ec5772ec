import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '@studio/shared/testimonial';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/testimonials`: what clients say, in display order. */
export async function getTestimonials({ signal }: { signal?: AbortSignal } = {}): Promise<Testimonial[]> {
  return apiRequest('listTestimonials', { signal });
}

export const getTestimonialsQueryOptions = () =>
  queryOptions({ queryKey: ['testimonials'], queryFn: ({ signal }) => getTestimonials({ signal }) });

export function useTestimonials() {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(getTestimonialsQueryOptions()));
}
