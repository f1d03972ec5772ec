import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { jobFixture } from '../../../testing/job-fixtures.ts';
import { studioOverviewAnswer } from '../../../testing/studio-overview.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import type { ChartProps } from './figure-charts.tsx';
import { StudioFigures } from './studio-figures.tsx';

// jsdom has no canvas: the chart stands in as the data it was given (the browser test draws them).
vi.mock('./figure-charts.tsx', () => {
  const Stand = (props: ChartProps) => (
    <figure aria-label={props.label} data-categories={props.categories.join('|')}>
      {props.series.map((series) => (
        <figcaption key={series.label}>{`${series.label}: ${series.values.join(',')}`}</figcaption>
      ))}
    </figure>
  );
  return { FigureChart: Stand };
});

afterEach(() => {
  vi.restoreAllMocks();
});

const answer = studioOverviewAnswer({
  revenue: [
    { month: '2026-11', currency: 'EUR', paidCents: 125_000, refundedCents: 5_000, jobs: 3 },
    { month: '2026-10', currency: 'EUR', paidCents: 40_000, refundedCents: 0, jobs: 1 },
    { month: '2026-10', currency: 'USD', paidCents: 9_999, refundedCents: 0, jobs: 2 },
  ],
  jobsByStatus: [
    { status: 'PENDING', count: 2 },
    { status: 'IN_PROGRESS', count: 1 },
    { status: 'COMPLETED', count: 5 },
    { status: 'CANCELLED', count: 0 },
    { status: 'DELIVERED', count: 1 },
    { status: 'REVISION_REQUESTED', count: 0 },
  ],
  onTimeDelivery: {
    months: [
      { month: '2026-11', delivered: 4, onTime: 3, rate: 0.75 },
      { month: '2026-10', delivered: 2, onTime: 2, rate: 1 },
      ...['2026-09', '2026-08', '2026-07', '2026-06'].map((month) => ({ month, delivered: 0, onTime: 0, rate: null })),
    ],
    total: { delivered: 6, onTime: 5, rate: 5 / 6 },
  },
  firstTimeApproval: {
    months: [
      { month: '2026-11', delivered: 12, firstTimeApproved: 11, sentBack: 1, rate: 11 / 12 },
      { month: '2026-10', delivered: 8, firstTimeApproved: 6, sentBack: 2, rate: 0.75 },
      ...['2026-09', '2026-08', '2026-07', '2026-06'].map((month) => ({
        month,
        delivered: 0,
        firstTimeApproved: 0,
        sentBack: 0,
        rate: null,
      })),
    ],
    total: { delivered: 20, firstTimeApproved: 17, sentBack: 3, rate: 0.85 },
  },
  imagesPerEditor: [
    { week: '2026-W48', editorId: 'e-2', editorName: 'Zoe', images: 40 },
    { week: '2026-W48', editorId: 'e-1', editorName: 'Ana', images: 12 },
    { week: '2026-W47', editorId: 'e-1', editorName: 'Ana', images: 30 },
  ],
});

function figure(name: string) {
  return screen.getByRole('region', { name });
}

describe('the studio figures', () => {
  it("shows each figure's chart and numbers over the period", async () => {
    stubFetch({ 'GET /api/studio/overview': () => jsonResponse(answer) });
    renderStaffScreen(<StudioFigures />, { path: '/manager' });
    expect(await screen.findByText('June 2026 to November 2026')).toBeTruthy();

    const revenue = figure('Revenue');
    expect(within(revenue).getByText('€1,650.00 received, €50.00 refunded · $99.99 received')).toBeTruthy();
    // One chart per currency, oldest month first, never a sum across currencies.
    const euro = await within(revenue).findByRole('figure', { name: 'Revenue in EUR by month' });
    expect(euro.dataset.categories).toBe('Jun 2026|Jul 2026|Aug 2026|Sept 2026|Oct 2026|Nov 2026');
    expect(euro.textContent).toContain('Received (EUR): 0,0,0,0,40000,125000');
    expect(euro.textContent).toContain('Refunded (EUR): 0,0,0,0,0,5000');
    expect(within(revenue).getByRole('figure', { name: 'Revenue in USD by month' }).textContent).toContain(
      'Received (USD): 0,0,0,0,9999,0',
    );
    expect(
      within(revenue)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['November 2026€1,250.00€50.003CSV', 'October 2026€400.00€0.001CSV', 'October 2026$99.99$0.002CSV']);

    const statuses = figure('Jobs by status');
    expect(within(statuses).getByText('9 jobs created in this period, by status now.')).toBeTruthy();
    // A status with no job offers no export.
    expect(within(statuses).queryByRole('button', { name: /cancelled/ })).toBeNull();

    const onTime = figure('On-time delivery');
    expect(within(onTime).getByText('83 %: 5 of 6 jobs delivered by their due time.')).toBeTruthy();
    expect(within(onTime).getByRole('figure').textContent).toContain('On time: ,,,,100,75');
    expect(
      within(onTime).getByRole('button', { name: 'CSV of the jobs delivered late in November 2026' }),
    ).toBeTruthy();
    expect(within(onTime).queryByRole('button', { name: 'CSV of the jobs delivered late in October 2026' })).toBeNull();

    const editors = figure('Images per editor per week');
    expect(within(editors).getByText('82 images delivered by 2 editors.')).toBeTruthy();
    const stacked = within(editors).getByRole('figure');
    expect(stacked.dataset.categories).toBe('W47|W48');
    expect(stacked.textContent).toContain('Ana: 30,12');
    expect(stacked.textContent).toContain('Zoe: 0,40');

    const firstTime = figure('First-time approval rate');
    expect(within(firstTime).getByText('85 %: 17 of 20 images approved without a redo.')).toBeTruthy();
    expect(within(firstTime).getByRole('figure').textContent).toContain('First-time approval: ,,,,75,92');
    expect(
      within(firstTime)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'November 202692 %121',
      'October 202675 %82',
      'September 2026–00',
      'August 2026–00',
      'July 2026–00',
      'June 2026–00',
    ]);
  });

  it('asks for the period in the address, and writes a chosen one there', async () => {
    const { calls } = stubFetch({
      'GET /api/studio/overview': ({ url }) =>
        jsonResponse(
          studioOverviewAnswer({
            period: { from: url.searchParams.get('from') ?? '2026-06', to: url.searchParams.get('to') ?? '2026-11' },
          }),
        ),
    });
    const { router } = renderStaffScreen(<StudioFigures />, { path: '/manager?from=2026-01&to=2026-03' });
    expect(await screen.findByText('January 2026 to March 2026')).toBeTruthy();
    expect(calls[0]!.url.search).toBe('?from=2026-01&to=2026-03');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe('The first month must come before the last one.');
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-08' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('May 2026 to August 2026')).toBeTruthy();
    expect(router.state.location.search).toBe('?from=2026-05&to=2026-08');
    expect(calls.at(-1)!.url.search).toBe('?from=2026-05&to=2026-08');
  });

  it('exports the jobs behind a number as CSV, every page, a formula written as text', async () => {
    const first = jobFixture({
      id: '01HZX0000000000000000000J1',
      jobNumber: 'RS-2026-0001',
      client: { name: '=HYPERLINK("x")', email: 'a@example.com' },
    });
    const second = jobFixture({
      id: '01HZX0000000000000000000J2',
      jobNumber: 'RS-2026-0002',
      client: { name: 'Łukasz Żółć', email: null },
    });
    const { calls } = stubFetch({
      'GET /api/studio/overview': () => jsonResponse(answer),
      'GET /api/studio/overview/jobs': [
        () => jsonResponse({ jobs: [first], nextCursor: 'next-page' }),
        () => jsonResponse({ jobs: [second], nextCursor: null }),
      ],
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderStaffScreen(<StudioFigures />, { path: '/manager' });
    const revenue = await screen.findByRole('region', { name: 'Revenue' });
    fireEvent.click(
      within(revenue).getByRole('button', { name: 'CSV of the jobs paid or refunded in November 2026 in EUR' }),
    );
    expect(await within(revenue).findByText('2 jobs exported')).toBeTruthy();

    const exports = calls.filter((call) => call.url.pathname === '/api/studio/overview/jobs');
    expect(exports.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { figure: 'revenue', month: '2026-11', currency: 'EUR', limit: '200' },
      { figure: 'revenue', month: '2026-11', currency: 'EUR', limit: '200', cursor: 'next-page' },
    ]);
    expect(clicked).toHaveBeenCalledTimes(1);
    // jsdom's Blob has no text(): read it as a page would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Job number,Created,Client,Client e-mail,Service,Status,Payment,Total,Currency,Due,Editor id,Photos',
    );
    expect(lines[1]).toMatch(/^RS-2026-0001,[^,]+,"'=HYPERLINK\(""x""\)",a@example\.com,/);
    expect(lines[2]).toMatch(/^RS-2026-0002,[^,]+,Łukasz Żółć,,/);
    expect(lines).toHaveLength(3);
  });
});
