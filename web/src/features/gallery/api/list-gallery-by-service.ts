import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/gallary/all-items2`: gallery items grouped by service, for the portfolio page. */
export async function listGalleryByService({ signal }: { signal?: AbortSignal } = {}) {
  const { services } = await apiRequest('listGalleryByService', { signal });
  return services;
}

/** Each service with its gallery items. */
export type GalleryByService = Awaited<ReturnType<typeof listGalleryByService>>;

export const listGalleryByServiceQueryOptions = () =>
  queryOptions({ queryKey: ['gallery', 'by-service'], queryFn: ({ signal }) => listGalleryByService({ signal }) });

export function useGalleryByService() {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(listGalleryByServiceQueryOptions()));
}
