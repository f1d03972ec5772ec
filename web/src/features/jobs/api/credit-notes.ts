import { useQuery } from '@tanstack/react-query';
import type { CreditNote, CreditNoteDocumentResponse } from '@studio/shared/credit-note';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/jobs/{id}/credit-notes` (#40): one per refund the studio made, oldest first. */
export async function listCreditNotes(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<CreditNote[]> {
  const { creditNotes } = await apiRequest('listCreditNotes', { params: { id }, signal });
  return creditNotes;
}

/** Read only for a job with something refunded: no request at all for the others. */
export const useCreditNotes = (id: string, refunded: boolean) =>
  useQuery({
    queryKey: ['jobs', 'credit-notes', id],
    queryFn: ({ signal }) => listCreditNotes(id, { signal }),
    enabled: refunded,
  });

/** `GET /api/jobs/{id}/credit-notes/{number}`: a link, valid a minute, that downloads the note's PDF. */
export function getCreditNote(id: string, number: string): Promise<CreditNoteDocumentResponse> {
  return apiRequest('getCreditNote', { params: { id, number } });
}
