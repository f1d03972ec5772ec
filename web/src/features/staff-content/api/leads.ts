import { useInfiniteQuery } from '@tanstack/react-query';
import { staffApiRequest } from '../../../lib/staff-api.ts';

export type LeadKind = 'contact' | 'free-trial';

/** Pages of leads, newest first, searched on the server; `fetchNextPage` is "Load more". */
export function useLeads(kind: LeadKind, search: string) {
  return useInfiniteQuery({
    queryKey: ['staff-leads', kind, search],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = { ...(search ? { search } : {}), ...(pageParam ? { next: pageParam } : {}) };
      if (kind === 'contact') {
        const page = await staffApiRequest('listContactLeads', { query, signal });
        return {
          next: page.next,
          rows: page.leads.map((lead) => ({
            id: lead.id,
            name: lead.name,
            email: lead.email,
            phone: lead.phone ?? '',
            service: lead.service ?? '',
            message: lead.source === 'footer' ? `${lead.description} (footer form)` : lead.description,
            createdAt: lead.createdAt,
          })),
        };
      }
      const page = await staffApiRequest('listFreeTrialLeads', { query, signal });
      return {
        next: page.next,
        rows: page.leads.map((lead) => ({
          id: lead.id,
          name: lead.name,
          email: lead.email,
          phone: '',
          service: lead.service,
          message: [lead.brief, `Format: ${lead.format}`, `Images: ${lead.imageLink}`].filter(Boolean).join(' · '),
          createdAt: lead.createdAt,
        })),
      };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
