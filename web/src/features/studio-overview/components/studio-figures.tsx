import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { currencies, type Currency } from '@studio/shared/currency';
import { rateText } from '@studio/shared/image-review';
import { formatCents } from '@studio/shared/money-text';
import {
  lastMonths,
  maxOverviewMonths,
  monthsBetween,
  monthsOf,
  type StudioOverviewQuery,
  type StudioOverviewResponse,
} from '@studio/shared/studio-overview';
import { QueryState } from '../../../components/query-state.tsx';
import { jobStatusLabel } from '../../../lib/job-status.ts';
import { useStudioOverview } from '../../../lib/studio-overview.ts';
import { monthName, weekName } from '../lib/period-text.ts';
import type { ChartProps } from './figure-charts.tsx';
import { CsvButton } from './csv-button.tsx';
import './studio-figures.css';

// The chart library comes with the first chart, in a chunk of its own.
const FigureChart = lazy(() => import('./figure-charts.tsx').then((m) => ({ default: m.FigureChart })));

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The period in the page's address (`?from=2026-06&to=2026-11`), or `{}` for the default one. */
export function periodOf(search: URLSearchParams): StudioOverviewQuery {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return monthPattern.test(from) && monthPattern.test(to) ? { from, to } : {};
}

/** Money in a currency we price in as people read it; any other code after a plain amount. */
export function moneyText(cents: number, currency: string): string {
  return (currencies as readonly string[]).includes(currency)
    ? formatCents(cents, currency as Currency)
    : `${(cents / 100).toFixed(2)} ${currency}`;
}

function Chart(props: ChartProps & { kind: 'bar' | 'line' }) {
  return (
    // The chart's box keeps its height while the library loads: nothing below it moves.
    <Suspense fallback={<div className="figure-chart figure-chart--loading" aria-hidden="true" />}>
      <FigureChart {...props} />
    </Suspense>
  );
}

function FigureCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="studio-figure staff-tile" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {summary && <p className="studio-figure__summary">{summary}</p>}
      {children}
    </section>
  );
}

/** The numbers of a chart, with the export of each row's jobs. */
function FigureTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <details className="studio-figure__numbers">
      <summary>Numbers and CSV</summary>
      <div className="studio-figure__table-wrap">
        <table className="studio-figure__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {head.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </details>
  );
}

function Revenue({ data, months }: { data: StudioOverviewResponse; months: string[] }) {
  const id = useId();
  const byCurrency = [...new Set(data.revenue.map((row) => row.currency))].sort();
  const ascending = [...months].reverse();
  return (
    <FigureCard
      id={id}
      title="Revenue"
      summary={
        byCurrency.length === 0
          ? 'No payment in this period.'
          : byCurrency
              .map((currency) => {
                const rows = data.revenue.filter((row) => row.currency === currency);
                const paid = rows.reduce((sum, row) => sum + row.paidCents, 0);
                const refunded = rows.reduce((sum, row) => sum + row.refundedCents, 0);
                return `${moneyText(paid, currency)} received${refunded ? `, ${moneyText(refunded, currency)} refunded` : ''}`;
              })
              .join(' · ')
      }
    >
      {byCurrency.map((currency) => (
        <Chart
          key={currency}
          kind="bar"
          label={`Revenue in ${currency} by month`}
          categories={ascending.map((month) => monthName(month, 'short'))}
          series={[
            {
              label: `Received (${currency})`,
              values: ascending.map(
                (month) => data.revenue.find((row) => row.month === month && row.currency === currency)?.paidCents ?? 0,
              ),
            },
            {
              label: `Refunded (${currency})`,
              values: ascending.map(
                (month) =>
                  data.revenue.find((row) => row.month === month && row.currency === currency)?.refundedCents ?? 0,
              ),
            },
          ]}
          format={(cents) => moneyText(Math.round(cents), currency)}
        />
      ))}
      {data.revenue.length > 0 && (
        <FigureTable
          caption="Revenue by month and currency, newest first"
          head={['Month', 'Received', 'Refunded', 'Jobs', 'Jobs behind it']}
        >
          {data.revenue.map((row) => (
            <tr key={`${row.month}-${row.currency}`}>
              <th scope="row">{monthName(row.month)}</th>
              <td>{moneyText(row.paidCents, row.currency)}</td>
              <td>{moneyText(row.refundedCents, row.currency)}</td>
              <td>{row.jobs}</td>
              <td>
                <CsvButton
                  figure={{ figure: 'revenue', month: row.month, currency: row.currency }}
                  label={`CSV of the jobs paid or refunded in ${monthName(row.month)} in ${row.currency}`}
                />
              </td>
            </tr>
          ))}
        </FigureTable>
      )}
    </FigureCard>
  );
}

function JobsByStatus({ data }: { data: StudioOverviewResponse }) {
  const id = useId();
  const total = data.jobsByStatus.reduce((sum, row) => sum + row.count, 0);
  const period = { from: data.period.from, to: data.period.to };
  return (
    <FigureCard
      id={id}
      title="Jobs by status"
      summary={`${total} ${total === 1 ? 'job' : 'jobs'} created in this period, by status now.`}
    >
      <Chart
        kind="bar"
        horizontal
        label="Jobs created in the period by their status now"
        categories={data.jobsByStatus.map((row) => jobStatusLabel(row.status))}
        series={[{ label: 'Jobs', values: data.jobsByStatus.map((row) => row.count) }]}
      />
      <FigureTable caption="Jobs created in the period by their status now" head={['Status', 'Jobs', 'Jobs behind it']}>
        {data.jobsByStatus.map((row) => (
          <tr key={row.status}>
            <th scope="row">{jobStatusLabel(row.status)}</th>
            <td>{row.count}</td>
            <td>
              {row.count > 0 && (
                <CsvButton
                  figure={{ figure: 'jobsByStatus', status: row.status, ...period }}
                  label={`CSV of the jobs created in the period that are ${jobStatusLabel(row.status).toLowerCase()}`}
                />
              )}
            </td>
          </tr>
        ))}
      </FigureTable>
    </FigureCard>
  );
}

function OnTime({ data }: { data: StudioOverviewResponse }) {
  const id = useId();
  const { months, total } = data.onTimeDelivery;
  const ascending = [...months].reverse();
  return (
    <FigureCard
      id={id}
      title="On-time delivery"
      summary={
        total.delivered === 0
          ? 'No job delivered in this period.'
          : `${rateText(total.rate)}: ${total.onTime} of ${total.delivered} jobs delivered by their due time.`
      }
    >
      <Chart
        kind="bar"
        label="Share of jobs delivered by their due time, by month"
        categories={ascending.map((month) => monthName(month.month, 'short'))}
        series={[
          {
            label: 'On time',
            values: ascending.map((month) => (month.rate === null ? null : Math.round(month.rate * 100))),
          },
        ]}
        format={(value) => `${value} %`}
        max={100}
      />
      <FigureTable
        caption="First deliveries by month, newest first"
        head={['Month', 'Rate', 'Delivered', 'On time', 'Jobs behind it']}
      >
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{monthName(month.month)}</th>
            <td>{rateText(month.rate)}</td>
            <td>{month.delivered}</td>
            <td>{month.onTime}</td>
            <td>
              {month.delivered > 0 && (
                <>
                  <CsvButton
                    figure={{ figure: 'onTimeDelivery', month: month.month }}
                    label={`CSV of the jobs first delivered in ${monthName(month.month)}`}
                  />
                  {month.onTime < month.delivered && (
                    <CsvButton
                      figure={{ figure: 'onTimeDelivery', month: month.month, late: 'true' }}
                      label={`CSV of the jobs delivered late in ${monthName(month.month)}`}
                      text="CSV (late)"
                    />
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </FigureTable>
    </FigureCard>
  );
}

function FirstTimeApproval({ data }: { data: StudioOverviewResponse }) {
  const id = useId();
  const { months, total } = data.firstTimeApproval;
  const ascending = [...months].reverse();
  return (
    <FigureCard
      id={id}
      title="First-time approval rate"
      summary={
        total.delivered === 0
          ? 'No job approved in this period.'
          : `${rateText(total.rate)}: ${total.firstTimeApproved} of ${total.delivered} images approved without a redo.`
      }
    >
      <Chart
        kind="line"
        label="Share of images approved without a redo, by month"
        categories={ascending.map((month) => monthName(month.month, 'short'))}
        series={[
          {
            label: 'First-time approval',
            values: ascending.map((month) => (month.rate === null ? null : Math.round(month.rate * 100))),
          },
        ]}
        format={(value) => `${value} %`}
        max={100}
      />
      <FigureTable
        caption="First-time approval by month, newest first"
        head={['Month', 'Rate', 'Delivered', 'Sent back']}
      >
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{monthName(month.month)}</th>
            <td>{rateText(month.rate)}</td>
            <td>{month.delivered}</td>
            <td>{month.sentBack}</td>
          </tr>
        ))}
      </FigureTable>
    </FigureCard>
  );
}

function ImagesPerEditor({ data }: { data: StudioOverviewResponse }) {
  const id = useId();
  const rows = data.imagesPerEditor;
  const weeks = [...new Set(rows.map((row) => row.week))].sort();
  const editors = [...new Map(rows.map((row) => [row.editorId, row.editorName])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const total = rows.reduce((sum, row) => sum + row.images, 0);
  return (
    <FigureCard
      id={id}
      title="Images per editor per week"
      summary={
        rows.length === 0
          ? 'No image delivered in this period.'
          : `${total} images delivered by ${editors.length} ${editors.length === 1 ? 'editor' : 'editors'}.`
      }
    >
      {rows.length > 0 && (
        <>
          <Chart
            kind="bar"
            stacked
            label="Images each editor delivered, by week"
            categories={weeks.map((week) => `W${Number(week.split('-W')[1])}`)}
            series={editors.map(([editorId, name]) => ({
              label: name,
              values: weeks.map(
                (week) => rows.find((row) => row.week === week && row.editorId === editorId)?.images ?? 0,
              ),
            }))}
          />
          <FigureTable
            caption="Images per editor per week, newest week first"
            head={['Week', 'Editor', 'Images', 'Jobs behind it']}
          >
            {rows.map((row) => (
              <tr key={`${row.week}-${row.editorId}`}>
                <th scope="row">{weekName(row.week)}</th>
                <td>{row.editorName}</td>
                <td>{row.images}</td>
                <td>
                  <CsvButton
                    figure={{ figure: 'imagesPerEditor', week: row.week, editorId: row.editorId }}
                    label={`CSV of the jobs whose images ${row.editorName} delivered in ${weekName(row.week).toLowerCase()}`}
                  />
                </td>
              </tr>
            ))}
          </FigureTable>
        </>
      )}
    </FigureCard>
  );
}

/** The period form: two months, or a preset; it writes the address, so the figures can be linked. */
function PeriodForm({
  period,
  onChange,
}: {
  period: { from: string; to: string };
  onChange: (next: StudioOverviewQuery) => void;
}) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const problemId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!monthPattern.test(from) || !monthPattern.test(to)) return setProblem('Choose a first and a last month.');
    if (from > to) return setProblem('The first month must come before the last one.');
    if (monthsBetween(from, to) > maxOverviewMonths) return setProblem(`Choose at most ${maxOverviewMonths} months.`);
    setProblem(null);
    onChange({ from, to });
  }

  function preset(count: number) {
    const months = lastMonths(new Date(), count);
    const next = { from: months.at(-1)!, to: months[0]! };
    setFrom(next.from);
    setTo(next.to);
    setProblem(null);
    onChange(next);
  }

  return (
    <form className="studio-figures__period" onSubmit={submit} aria-label="Period of the figures" noValidate>
      <div className="studio-figures__field">
        <label htmlFor={fromId}>From</label>
        <input
          id={fromId}
          type="month"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
        />
      </div>
      <div className="studio-figures__field">
        <label htmlFor={toId}>To</label>
        <input id={toId} type="month" value={to} onChange={(event) => setTo(event.target.value)} />
      </div>
      <button type="submit" className="button">
        Show
      </button>
      <div className="studio-figures__presets" role="group" aria-label="Recent months">
        {[3, 6, 12].map((count) => (
          <button
            key={count}
            type="button"
            className="button button--secondary button--small"
            onClick={() => preset(count)}
          >
            Last {count} months
          </button>
        ))}
      </div>
      {problem && (
        <p id={problemId} className="form__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/**
 * The studio's figures over a chosen period (#40, item 9) on the manager's and the owner's
 * dashboards: revenue by month in each currency, jobs by status, on-time delivery, first-time
 * approval and images per editor per week, each a chart over its numbers, each number with the CSV
 * of the jobs behind it. The period is in the address (`?from=&to=`).
 */
export function StudioFigures() {
  const [search, setSearch] = useSearchParams();
  const asked = periodOf(search);
  const overview = useStudioOverview(asked);
  const headingId = useId();
  const shown = overview.data?.period ?? (asked.from && asked.to ? { from: asked.from, to: asked.to } : null);

  function choose(next: StudioOverviewQuery) {
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('from', next.from!);
        params.set('to', next.to!);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <section className="studio-figures" aria-labelledby={headingId}>
      <h2 id={headingId}>Figures</h2>
      {shown && (
        <>
          <p className="studio-figures__period-text">
            {monthName(shown.from)} to {monthName(shown.to)}
          </p>
          <PeriodForm key={`${shown.from}-${shown.to}`} period={shown} onChange={choose} />
        </>
      )}
      <QueryState
        query={overview}
        loading="Loading the figures..."
        error="Failed to load the figures."
        isEmpty={() => false}
      >
        {(data) => {
          const months = monthsOf(data.period.from, data.period.to);
          return (
            <div className="studio-figures__grid">
              <Revenue data={data} months={months} />
              <JobsByStatus data={data} />
              <OnTime data={data} />
              <FirstTimeApproval data={data} />
              <ImagesPerEditor data={data} />
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
