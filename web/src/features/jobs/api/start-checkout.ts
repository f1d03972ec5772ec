import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse } from '@studio/shared/payment';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/jobs/{id}/checkout`: a Stripe Checkout Session for the job; the page then goes to its URL. */
export function startCheckout(id: string): Promise<CheckoutResponse> {
  return apiRequest('startCheckout', { params: { id } });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: (id: string) => startCheckout(id) });
}
