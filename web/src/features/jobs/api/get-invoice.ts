import type { InvoiceResponse } from '@studio/shared/invoice';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/{id}/invoice`: a link, valid a minute, that downloads the invoice (or receipt) PDF. */
export function getInvoice(id: string): Promise<InvoiceResponse> {
  return apiRequest('getInvoice', { params: { id } });
}
