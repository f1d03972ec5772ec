/**
 * `npm run bench -- --only figures` (#40 item 9): the overview's figures on a throwaway local stack.
 *   - The projector's cost per job change: `--jobs` jobs (10,000) each applied as the stream brings
 *     them (a new job, its payment, its first delivery: three changes a job, each a read of its
 *     applied item and one transaction), 4 at a time: ms and writes per change.
 *   - The overview's figures for a 24-month period over those jobs: answer time (median of 5) and
 *     the items read (one BatchGet of months x 8 keys for three figures, weeks x 8 for the fourth;
 *     the same whatever the number of jobs).
 * The jobs are spread over the 24 months of 2001-2002, a period nothing else writes in.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { ulid } from 'ulid';
import type * as OverviewFigures from '../functions/src/data/overview-figures.ts';
import type { JobItem } from '../functions/src/data/jobs.ts';
import { mapLimit } from '@studio/shared/map-limit';
import { benchJobItem, benchPayment } from './bench-job-item.ts';
import { repoRoot, startLocalStack } from './local/stack.ts';

type Results = Record<string, unknown>;

const currencies = ['EUR', 'USD', 'GBP'] as const;

function jobAt(index: number, jobs: number): JobItem[] {
  const day = Math.floor((index / jobs) * 730);
  const created = new Date(Date.UTC(2001, 0, 1 + day, 9, index % 60));
  const paid = new Date(created.getTime() + 3_600_000);
  // Delivered the day it was made (so within the period, the last day's jobs too); one in five late.
  const delivered = new Date(created.getTime() + 6 * 3_600_000);
  const due = new Date(created.getTime() + (index % 5 === 0 ? 4 : 8) * 3_600_000);
  const id = ulid(created.getTime());
  const currency = currencies[index % currencies.length]!;
  const base = benchJobItem({
    id,
    status: 'PENDING',
    createdAt: created.toISOString(),
    currency,
    totalCents: 1000 + (index % 50) * 100,
  });
  const payment = benchPayment(currency, base.totalCents, paid.toISOString());
  return [
    base,
    { ...base, status: 'IN_PROGRESS', payment, dueAt: due.toISOString() },
    {
      ...base,
      status: 'DELIVERED',
      payment,
      dueAt: due.toISOString(),
      roundDeliveredAt: delivered.toISOString(),
      updatedAt: delivered.toISOString(),
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function figuresBench(results: Results, failures: string[], jobs = 10_000): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-figures-'));
  const stack = await startLocalStack({ dataDir, persist: false, siteOrigin: 'http://127.0.0.1:9', logLevel: 'warn' });
  try {
    // Loaded once the stack has set the handler settings in this process's environment.
    const figuresFile = path.join(repoRoot, 'functions', 'src', 'data', 'overview-figures.ts');
    const { applyChange, figuresOf } = (await import(pathToFileURL(figuresFile).href)) as typeof OverviewFigures;
    let sequence = 1;
    let changes = 0;
    const stats = { writes: 0 };
    const started = Date.now();
    await mapLimit(Array.from({ length: jobs }), 4, async (_, index) => {
      for (const item of jobAt(index, jobs)) {
        const seq = String(sequence++).padStart(21, '0');
        await applyChange({ pk: `JOB#${item.id}`, sk: 'JOB', sequence: seq, item }, stats);
        changes++;
      }
    });
    const applySeconds = (Date.now() - started) / 1000;
    // Per change: the applied item's read, and one transaction of the applied item, the counters it
    // moves and the lists' items (writes: the transaction's items, on average).
    const projector = {
      jobs,
      changes,
      seconds: Number(applySeconds.toFixed(1)),
      msPerChange: Number(((applySeconds * 1000) / changes).toFixed(2)),
      readsPerChange: 1,
      transactionItemsPerChange: Number((stats.writes / changes).toFixed(2)),
    };
    console.log('figures projector:', JSON.stringify(projector));

    const times: number[] = [];
    let answer: Awaited<ReturnType<typeof figuresOf>> | undefined;
    for (let run = 0; run < 5; run++) {
      const at = Date.now();
      answer = await figuresOf('2001-01', '2002-12');
      times.push(Date.now() - at);
    }
    const counted = answer!.jobsByStatus.reduce((sum, row) => sum + row.count, 0);
    const overview = {
      months: 24,
      medianMs: median(times),
      itemsRead: answer!.reads,
      jobsCounted: counted,
      delivered: answer!.onTimeDelivery.total.delivered,
      onTimeRate: answer!.onTimeDelivery.total.rate,
    };
    console.log('overview figures (24 months):', JSON.stringify(overview));
    if (counted !== jobs) failures.push(`figures: ${counted} of ${jobs} jobs counted by status`);
    if (answer!.onTimeDelivery.total.delivered !== jobs) failures.push('figures: not every first delivery counted');
    results.figures = { projector, overview };
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
