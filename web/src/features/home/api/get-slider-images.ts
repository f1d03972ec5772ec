import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SliderImage } from '@studio/shared/slider-image';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/slider-images`: the hero carousel's slides in order. */
export async function getSliderImages({ signal }: { signal?: AbortSignal } = {}): Promise<SliderImage[]> {
  const { images } = await apiRequest('listSliderImages', { signal });
  return images;
}

export const getSliderImagesQueryOptions = () =>
  queryOptions({ queryKey: ['slider-images'], queryFn: ({ signal }) => getSliderImages({ signal }) });

export function useSliderImages() {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(getSliderImagesQueryOptions()));
}
