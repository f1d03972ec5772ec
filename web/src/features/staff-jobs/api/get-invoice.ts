import type { InvoiceResponse } from '@studio/shared/invoice';
import { staffApiRequest } from '../../../lib/staff-api.ts';

/** `GET /api/jobs/{id}/invoice` with the staff token (MANAGER, SUPER_ADMIN). */
export function getStaffInvoice(id: string): Promise<InvoiceResponse> {
  return staffApiRequest('getInvoice', { params: { id } });
}
