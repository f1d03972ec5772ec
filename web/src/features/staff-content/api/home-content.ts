import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';

export const slidesQueryOptions = () =>
  queryOptions({
    queryKey: ['slider-images', 'staff'],
    queryFn: async ({ signal }) => (await staffApiRequest('listSliderImages', { signal })).images,
  });

export const testimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', 'staff'],
    queryFn: ({ signal }) => staffApiRequest('listTestimonials', { signal }),
  });

export const useSlides = () => useQuery(slidesQueryOptions());
export const useTestimonialList = () => useQuery(testimonialsQueryOptions());
