import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContactLead, FreeTrialLead } from '@studio/shared/lead';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useContactLeads } from '../api/list-contact-leads.ts';
import { useFreeTrialLeads } from '../api/list-free-trial-leads.ts';

const orDash = (text: string | null) => text || '—';
const date = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
const mailto = (email: string) => <a href={`mailto:${email}`}>{email}</a>;

/** Spec §2: Name, Email, Phone, Service, Message, Date. */
const contactColumns: DataColumn<ContactLead>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (lead) => orDash(lead.name) },
  { id: 'email', header: 'Email', cell: (lead) => mailto(lead.email) },
  { id: 'phone', header: 'Phone', cell: (lead) => orDash(lead.phone) },
  { id: 'service', header: 'Service', cell: (lead) => orDash(lead.service) },
  {
    id: 'message',
    header: 'Message',
    cell: (lead) => (lead.source === 'footer' ? `${lead.description} (footer form)` : lead.description),
  },
  { id: 'date', header: 'Date', width: '11rem', cell: (lead) => date(lead.createdAt) },
];

/** The free-trial form's own fields: what to edit (brief), in which format, and where the photos are. */
const freeTrialColumns: DataColumn<FreeTrialLead>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (lead) => lead.name },
  { id: 'email', header: 'Email', cell: (lead) => mailto(lead.email) },
  { id: 'service', header: 'Service', cell: (lead) => lead.service },
  { id: 'brief', header: 'Brief', cell: (lead) => orDash(lead.brief) },
  { id: 'format', header: 'Format', width: '6rem', cell: (lead) => lead.format },
  {
    id: 'images',
    header: 'Images',
    cell: (lead) => (
      <a href={lead.imageLink} target="_blank" rel="noopener noreferrer">
        {lead.imageLink}
      </a>
    ),
  },
  { id: 'date', header: 'Date', width: '11rem', cell: (lead) => date(lead.createdAt) },
];

type LeadPages<Lead> = UseInfiniteQueryResult<InfiniteData<{ leads: Lead[]; next: string | null }>>;

/** One kind of lead: its states, the table of every page read so far, and "Load more". */
function LeadList<Lead extends { id: string }>({
  query,
  caption,
  columns,
  search,
  none,
}: {
  query: LeadPages<Lead>;
  caption: string;
  columns: DataColumn<Lead>[];
  search: string;
  none: string;
}) {
  return (
    <>
      <p className="staff-leads__status" role="status">
        {query.isPlaceholderData ? 'Searching...' : ''}
      </p>
      <QueryState
        query={query}
        loading="Loading leads..."
        isEmpty={(data) => data.pages.every((page) => page.leads.length === 0)}
        empty={search ? 'No matching leads found' : none}
      >
        {(data) => (
          <DataTable
            caption={caption}
            columns={columns}
            rows={data.pages.flatMap((page) => page.leads)}
            rowKey={(lead) => lead.id}
          />
        )}
      </QueryState>
      <LoadMore query={query} />
    </>
  );
}

export function ContactLeadTable({ search }: { search: string }) {
  return (
    <LeadList
      query={useContactLeads(search)}
      caption="Contact leads"
      columns={contactColumns}
      search={search}
      none="No contact leads available"
    />
  );
}

export function FreeTrialLeadTable({ search }: { search: string }) {
  return (
    <LeadList
      query={useFreeTrialLeads(search)}
      caption="Free-trial leads"
      columns={freeTrialColumns}
      search={search}
      none="No free-trial leads available"
    />
  );
}
