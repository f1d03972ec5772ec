import type { InvoiceResponse } from '@studio/shared/invoice';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/**
 * `GET /api/jobs/{id}/invoice` with the staff token (MANAGER, SUPER_ADMIN): a fresh download link
 * of the invoice, or the receipt once paid (#16), for the view-jobs dialog's invoice buttons.
 */
export function getJobInvoice(id: string): Promise<InvoiceResponse> {
  return staffApiRequest('getInvoice', { params: { id } });
}
