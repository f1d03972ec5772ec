/**
 * `npm run bench -- --only overview` (#40, item 9): what the console's first screen costs on a
 * studio with history. A local stack of its own gets 5,000 open jobs and 50,000 closed ones
 * (`--open`, `--closed`), written straight into the table as their writers leave them (the job
 * item with its index keys, and the markers of what needs action); then:
 *   - the eight counts of "needs action" counted in this process (`countNeedsAction`): time (median
 *     of 5) and read capacity (the queries' ConsumedCapacity, summed), queries sent;
 *   - `GET api/studio/overview` through the local gateway as a MANAGER: the first answer (counted)
 *     and the next ones within the minute (the counts kept), median of 5 each.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchJobItem, benchPayment } from './bench-job-item.ts';
import { startLocalStack, wipe } from './local/stack.ts';
import { totp } from './local/totp.ts';

type Results = Record<string, unknown>;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function overviewBench(
  results: Results,
  failures: string[],
  sizes: { open: number; closed: number } = { open: 5000, closed: 50_000 },
): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-bench-overview-'));
  const stack = await startLocalStack({ dataDir, persist: false, siteOrigin: 'http://127.0.0.1:9' });
  try {
    // Loaded once the stack has set the handlers' environment (this process can run them).
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { documentClient } = await import('../functions/src/lib/dynamo.ts');
    const keys = await import('../functions/src/data/keys.ts');
    const needs = await import('../functions/src/data/job-needs.ts');
    const now = Date.now();
    const id = (n: number) => `01BENCHOVERVIEW${String(n).padStart(11, '0')}`;
    // About the size of a real job item: instructions, lines, a client, a payment.
    const instructions = 'Remove the background, keep the natural shadow, crop to 2000 px square. '.repeat(10);
    const expected = { overdue: 0, dueToday: 0, unassigned: 0, unpaid: 0, cancellationRequests: 0 };
    const endOfToday = Date.parse(needs.endOfDayIn(new Date(now), 'UTC'));
    const items: Record<string, unknown>[] = [];
    for (let n = 0; n < sizes.open + sizes.closed; n++) {
      const open = n < sizes.open;
      const createdAt = new Date(now - (open ? (n % 20) * day + 2 * hour : 30 * day + n * minute)).toISOString();
      // Open jobs: one in ten overdue, one in twenty due later today, the rest in the coming weeks.
      const dueAt = open
        ? n % 10 === 0
          ? new Date(now - (n % 48) * hour - minute).toISOString()
          : n % 20 === 1 && endOfToday - now > 2 * minute
            ? new Date(now + minute + ((n * 7919) % Math.max(1, endOfToday - now - 2 * minute))).toISOString()
            : new Date(endOfToday + (n % 14) * day + hour).toISOString()
        : new Date(Date.parse(createdAt) + 2 * day).toISOString();
      const status = open ? (n % 3 === 0 ? 'PENDING' : 'IN_PROGRESS') : n % 10 === 0 ? 'CANCELLED' : 'COMPLETED';
      const editorId = open && n % 5 === 0 ? null : 'bench-editor';
      const paid = !open || n % 4 !== 0;
      const job = benchJobItem({
        id: id(n),
        status,
        createdAt,
        editorId,
        payment: paid ? benchPayment('USD', 6000, createdAt) : null,
        cancellationRequest:
          open && n % 100 === 7
            ? { status: 'PENDING', reason: 'Ordered twice', requestedAt: createdAt, decidedAt: null }
            : null,
        instructions,
        progress: open ? 30 : 100,
        dueAt,
      });
      items.push({
        ...keys.jobKey(job.id),
        ...job,
        ...keys.jobIndexKeys({ id: job.id, clientId: job.clientId, editorId, createdAt }),
        ...(keys.openJobIndexKeys({ id: job.id, status, dueAt, createdAt }) ?? {}),
      });
      for (const write of needs.needsMarkerWrites(null, job)) items.push(write.Put!.Item!);
      if (open && Date.parse(dueAt) < now) expected.overdue++;
      if (open && Date.parse(dueAt) >= now && Date.parse(dueAt) < endOfToday) expected.dueToday++;
      if (open && !editorId) expected.unassigned++;
      if (!paid && status !== 'CANCELLED' && Date.parse(createdAt) < now - 3 * day) expected.unpaid++;
      if (job.cancellationRequest) expected.cancellationRequests++;
    }
    // The local stack's demo data has jobs of its own: the figures are compared beyond them.
    const baseline = await needs.countNeedsAction(new Date(now));
    const seedStarted = Date.now();
    const batches: Record<string, unknown>[][] = [];
    for (let at = 0; at < items.length; at += 25) batches.push(items.slice(at, at + 25));
    const writer = async () => {
      for (let batch = batches.pop(); batch; batch = batches.pop()) {
        let pending: Record<string, unknown>[] = batch.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          const answer = await documentClient.send(
            new BatchWriteCommand({ RequestItems: { [keys.tableName()]: pending as never } }),
          );
          pending = (answer.UnprocessedItems?.[keys.tableName()] ?? []) as Record<string, unknown>[];
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, writer));
    console.log(`Seeded ${items.length} items in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s.`);

    // Every query of this process reports its read capacity.
    let capacity = 0;
    let queries = 0;
    documentClient.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { ReturnConsumedCapacity?: string };
        input.ReturnConsumedCapacity = 'TOTAL';
        const output = await next(args);
        const consumed = (output.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
        capacity += consumed?.CapacityUnits ?? 0;
        queries++;
        return output;
      },
      { step: 'initialize', name: 'benchCapacity' },
    );
    const countTimes: number[] = [];
    let counts: Awaited<ReturnType<typeof needs.countNeedsAction>> | undefined;
    let capacityPerCount = 0;
    let queriesPerCount = 0;
    for (let run = 0; run < 5; run++) {
      capacity = 0;
      queries = 0;
      const started = performance.now();
      counts = await needs.countNeedsAction(new Date(now));
      countTimes.push(performance.now() - started);
      capacityPerCount = capacity;
      queriesPerCount = queries;
    }
    documentClient.middlewareStack.remove('benchCapacity');
    for (const [key, value] of Object.entries(expected)) {
      const added = counts![key as keyof typeof expected] - baseline[key as keyof typeof expected];
      if (added !== value) failures.push(`overview: ${key} counted ${added} more than before, seeded ${value}`);
    }

    // The route, as a MANAGER's dashboard calls it.
    const manager = stack.accounts.find((account) => account.role === 'MANAGER')!;
    const signIn = await fetch(`${stack.gateway.url}/api/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: manager.email,
        password: manager.password,
        ...(manager.totpSecret ? { mfaCode: totp(manager.totpSecret) } : {}),
      }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const { needsActionCountsKey, tableName } = keys;
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const call = async () => {
      const started = performance.now();
      const answer = await fetch(`${stack.gateway.url}/api/studio/overview`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await answer.text();
      if (answer.status !== 200) failures.push(`overview: GET api/studio/overview answered ${answer.status}`);
      return performance.now() - started;
    };
    await call(); // the function's first start
    const counted: number[] = [];
    const kept: number[] = [];
    for (let run = 0; run < 5; run++) {
      await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: needsActionCountsKey() }));
      counted.push(await call());
      kept.push(await call());
    }
    const figures = {
      openJobs: sizes.open,
      closedJobs: sizes.closed,
      seeded: expected,
      counts,
      countMs: Math.round(median(countTimes)),
      countReadCapacityUnits: Number(capacityPerCount.toFixed(1)),
      countQueries: queriesPerCount,
      routeMsCounted: Math.round(median(counted)),
      routeMsKept: Math.round(median(kept)),
    };
    console.log('overview:', JSON.stringify(figures));
    results.overview = figures;
  } finally {
    await stack.stop();
    await wipe(dataDir);
  }
}
