import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentTermsResponse } from '@studio/shared/studio-settings';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/settings/payment-terms`: when payment is due, as the studio's settings say (#40). */
export function getPaymentTerms({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentTermsResponse> {
  return apiRequest('getPaymentTerms', { signal });
}

export const paymentTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-terms'],
    queryFn: ({ signal }) => getPaymentTerms({ signal }),
    // A setting the owner rarely changes: read once a visit of the page.
    staleTime: 60_000,
  });

export function usePaymentTerms() {
  return useQuery(paymentTermsQueryOptions());
}
