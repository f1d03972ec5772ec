import type { Job } from '@studio/shared/job';
import type { OverviewJobsQuery } from '@studio/shared/studio-overview';
import Papa from 'papaparse';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { jobStatusLabel } from '../../../lib/job-status.ts';

/** The jobs asked for one page of the export (the route's largest page). */
const pageSize = 200;

/** A figure's jobs without the paging: which figure, and its bucket (month, currency, ...). */
export type FigureJobsQuery = Omit<OverviewJobsQuery, 'limit' | 'cursor'>;

/** Whole cents as a plain decimal for a spreadsheet (`1234.50`), with no symbol or grouping. */
function decimalText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const units = Math.abs(cents);
  return `${sign}${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
}

/** The export's columns, in order: what a manager filters and sums in a spreadsheet. */
export const csvColumns = [
  'Job number',
  'Created',
  'Client',
  'Client e-mail',
  'Service',
  'Status',
  'Payment',
  'Total',
  'Currency',
  'Due',
  'Editor id',
  'Photos',
] as const;

/** One job as a row of the export. */
export function jobCsvRow(job: Job): Record<(typeof csvColumns)[number], string | number> {
  return {
    'Job number': job.jobNumber ?? job.id,
    Created: job.createdAt,
    Client: job.client?.name ?? '',
    'Client e-mail': job.client?.email ?? '',
    Service: job.serviceName,
    Status: jobStatusLabel(job.status),
    Payment: job.payment?.status ?? 'NONE',
    Total: decimalText(job.totalCents),
    Currency: job.currency,
    Due: job.dueAt ?? '',
    'Editor id': job.editorId ?? '',
    Photos: job.numberOfPhotos,
  };
}

/**
 * The jobs behind a figure as CSV text: every page of `GET api/studio/overview/jobs`, one row per
 * job. A cell that starts like a formula (`=`, `+`, `-`, `@`) is written as text, so a client's name
 * cannot run in the manager's spreadsheet.
 */
export async function figureJobsCsv(
  figure: FigureJobsQuery,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (jobs: number) => void } = {},
): Promise<{ csv: string; jobs: number }> {
  const rows: Record<string, string | number>[] = [];
  let cursor: string | undefined;
  do {
    const page = await staffApiRequest('listOverviewJobs', {
      query: { ...figure, limit: pageSize, ...(cursor ? { cursor } : {}) },
      signal,
    });
    rows.push(...page.jobs.map(jobCsvRow));
    onProgress?.(rows.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { csv: Papa.unparse({ fields: [...csvColumns], data: rows }, { escapeFormulae: true }), jobs: rows.length };
}

/** Hands CSV text to the browser as a download named `name`. */
export function downloadCsv(name: string, csv: string): void {
  // A byte-order mark first: spreadsheet programs then read the names' accents as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name for a figure's export: `jobs-revenue-2026-10-EUR.csv`. */
export function csvFileName(figure: FigureJobsQuery): string {
  const parts = [
    figure.figure,
    figure.month,
    figure.currency,
    figure.status,
    figure.week,
    figure.editorId,
    figure.from && figure.to ? `${figure.from}-to-${figure.to}` : undefined,
    figure.late ? 'late' : undefined,
  ].filter((part): part is string => Boolean(part));
  return `jobs-${parts.join('-').replace(/[^A-Za-z0-9_-]+/g, '_')}.csv`;
}
