import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankTransferResponse } from '@studio/shared/payment';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/{id}/payment/bank-transfer`: payee, bank details, amount and the reference to quote. */
export function getBankTransfer(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<BankTransferResponse> {
  return apiRequest('getBankTransfer', { params: { id }, signal });
}

export const bankTransferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'detail', id, 'bank-transfer'],
    queryFn: ({ signal }) => getBankTransfer(id, { signal }),
    staleTime: 0,
  });

export function useBankTransfer(id: string) {
  return useQuery(bankTransferQueryOptions(id));
}
