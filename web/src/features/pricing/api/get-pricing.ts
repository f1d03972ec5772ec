import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingService } from '@studio/shared/pricing';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/pricing`: one section per service with its subservice price lines. */
export async function getPricing({ signal }: { signal?: AbortSignal } = {}): Promise<PricingService[]> {
  const { services } = await apiRequest('getPricing', { signal });
  return services;
}

export const getPricingQueryOptions = () =>
  queryOptions({ queryKey: ['pricing'], queryFn: ({ signal }) => getPricing({ signal }) });

export function usePricing() {
  // Rendered at low priority: the sections showing the answer re-render in slices (docs/decisions/fast-accessible-indexable.md).
  return useDeferredValue(useQuery(getPricingQueryOptions()));
}
