import { useId } from 'react';
import type { WebhookDelivery } from '@studio/shared/webhooks';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';

/** How much of the receiver's answer the log shows (the API keeps 500 characters). */
export const answerPreviewLength = 120;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > answerPreviewLength ? `${flat.slice(0, answerPreviewLength)}…` : flat;
}

const columns: DataColumn<WebhookDelivery>[] = [
  { id: 'at', header: 'Time', rowHeader: true, cell: (d) => formatDateTime(d.at) },
  { id: 'event', header: 'Event', cell: (d) => <code>{d.event}</code> },
  { id: 'attempt', header: 'Attempt', align: 'end', cell: (d) => d.attempt },
  { id: 'status', header: 'Status', align: 'end', cell: (d) => d.status ?? 'none' },
  {
    id: 'result',
    header: 'Result',
    cell: (d) => (
      <span className={`api-access__state api-access__state--${d.ok ? 'on' : 'off'}`}>
        {d.ok ? 'Delivered' : 'Failed'}
      </span>
    ),
  },
  {
    id: 'answer',
    header: 'Answer',
    cell: (d) => (d.response ? <span className="api-access__answer">{preview(d.response)}</span> : '—'),
  },
  {
    id: 'next',
    header: 'Next try',
    cell: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
  },
];

/** A webhook's deliveries log (#36): each attempt, newest first, with "Load more" by cursor. */
export function WebhookDeliveries({ organisationId, hookId }: { organisationId: string; hookId: string }) {
  const headingId = useId();
  const deliveries = useWebhookDeliveries(organisationId, hookId);
  return (
    <section className="api-access__log" aria-labelledby={headingId}>
      <h5 id={headingId}>Deliveries</h5>
      <QueryState
        query={{ ...deliveries, data: deliveries.data?.pages.flatMap((page) => page.deliveries) }}
        loading="Loading the deliveries..."
        empty="No deliveries yet: events and test events appear here as they are sent."
        error="The deliveries could not be loaded."
      >
        {(rows) => (
          <>
            <DataTable caption="Deliveries" columns={columns} rows={rows} rowKey={(d) => d.id} />
            <LoadMore query={deliveries} />
          </>
        )}
      </QueryState>
    </section>
  );
}
