import { useEffect, useId, useState } from 'react';
import { useLeads, type LeadKind } from '../api/leads.ts';
import { QueryState } from './staff-widgets.tsx';

const dateText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Contact Leads table (Name, Email, Phone, Service, Message, Date) with search; free-trial leads in a second tab. */
export function ContactLeads() {
  const [kind, setKind] = useState<LeadKind>('contact');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const searchId = useId();
  // The server searches; wait for a pause in typing before asking.
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const leads = useLeads(kind, search);
  const rows = leads.data?.pages.flatMap((page) => page.rows) ?? [];
  const emptyText = search
    ? 'No matching leads found'
    : kind === 'contact'
      ? 'No contact leads available'
      : 'No free-trial leads available';

  return (
    <div className="sc-stack">
      <div className="sc-tabs" role="tablist" aria-label="Kind of lead">
        {(
          [
            ['contact', 'Contact leads'],
            ['free-trial', 'Free-trial leads'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={kind === value}
            className="button button--secondary sc-small"
            onClick={() => setKind(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="form__field sc-form">
        <label htmlFor={searchId}>Search by name, email or service</label>
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={100}
        />
      </div>
      <QueryState isPending={leads.isPending} error={leads.error} retry={() => void leads.refetch()} />
      {leads.isSuccess && rows.length === 0 && <p className="staff-empty">{emptyText}</p>}
      {rows.length > 0 && (
        <div className="sc-table-wrap" role="tabpanel">
          <table className="sc-table sc-table--cards">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Service</th>
                <th scope="col">Message</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Name">{row.name || '—'}</td>
                  <td data-label="Email">
                    <a href={`mailto:${row.email}`}>{row.email}</a>
                  </td>
                  <td data-label="Phone">{row.phone || '—'}</td>
                  <td data-label="Service">{row.service || '—'}</td>
                  <td data-label="Message">{row.message}</td>
                  <td data-label="Date">{dateText(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {leads.hasNextPage && (
        <div>
          <button
            type="button"
            className="button button--secondary"
            disabled={leads.isFetchingNextPage}
            onClick={() => void leads.fetchNextPage()}
          >
            {leads.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
