import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SliderImage } from '@studio/shared/slider-image';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { homeContentKeys } from './query-keys.ts';

/** `GET /api/slider-images`: every slide in order (at most 50; the route does not page). */
export async function listSlides({ signal }: { signal?: AbortSignal } = {}): Promise<SliderImage[]> {
  return (await staffApiRequest('listSliderImages', { signal })).images;
}

export const slidesQueryOptions = () =>
  queryOptions({ queryKey: homeContentKeys.slides(), queryFn: ({ signal }) => listSlides({ signal }), staleTime: 0 });

export function useSlides() {
  return useQuery(slidesQueryOptions());
}
