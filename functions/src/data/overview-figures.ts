import { GetCommand, PutCommand, QueryCommand, ScanCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { jobStatuses, type Job, type JobStatus } from '@studio/shared/job';
import {
  monthsOf,
  type EditorWeek,
  type OnTimeMonth,
  type RevenueMonth,
  type StudioOverviewResponse,
} from '@studio/shared/studio-overview';
import { documentClient } from '../lib/dynamo.ts';
import { findAccount } from './account-lookup.ts';
import { batchGet } from './batch-get.ts';
import { jobItemOf, toJob, type JobItem } from './jobs.ts';
import {
  figureAppliedKey,
  figureMemberKey,
  figureMembersPartition,
  figureShardCount,
  figureStatsKey,
  figureStatsKeyOf,
  figuresBackfillKey,
  jobKey,
  keyNames,
  tableName,
  uploadKey,
  type FigureMembers,
  type FigureName,
  type ItemKeys,
} from './keys.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { isTransactionCancelled } from '../lib/dynamo-errors.ts';
import { transact } from './transactions.ts';

/*
 * The overview's figures (#40 item 9; docs/data-model.md patterns 90-92), kept on write by the
 * figures projector (figures/handler.ts) from the table's stream, never a scan per view.
 *
 * The projector is state-based: for each source item (a job, an image version, a delivered file)
 * an "applied" item records what has been counted of it so far (the status and creation month it
 * is counted under, whether its payment and first delivery were counted, the cents refunded
 * counted). A stream record brings the item's new image; what is added is the difference between
 * that image and the applied item, in one transaction with the applied item's update (conditional
 * on the revision read). A record delivered twice, or a record older than the last applied (the
 * stream's sequence numbers grow per item), finds nothing left to add: each change counts once.
 * The backfill (scripts/backfill-figures.ts) runs the same function on an item as it is now.
 */

/** What one source item has been counted as. */
interface Applied {
  rev: number;
  /** The stream sequence number last applied (40 digits, zero-padded so that strings compare). */
  lastSeq?: string;
  /** Job: the status and creation time it is counted under in "jobs by status". */
  status?: JobStatus;
  createdAt?: string;
  /** Job: counted as paid (revenue), in this month and currency. */
  paidMonth?: string;
  /** Job: refunded cents counted so far. */
  refundedCents?: number;
  /** Job: its first delivery (on-time delivery), counted once. */
  firstDeliveredAt?: string;
  /** Version or delivered file: counted in images per editor. */
  released?: boolean;
}

/** One change of a source item: its keys, the stream's sequence number (absent: a backfill) and its new image. */
export interface SourceChange {
  pk: string;
  sk: string;
  sequence?: string;
  /** The item as it is after the change; null when it was deleted. */
  item: Record<string, unknown> | null;
  /** The item before a deletion (a REMOVE record has no new image). */
  old?: Record<string, unknown> | null;
}

const paidStatuses = new Set(['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED']);
const monthOf = (at: string) => at.slice(0, 7);

/** The ISO week of a UTC time: `2026-W48`. */
export function isoWeek(at: string | Date): string {
  const date = new Date(at);
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of its week names the year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The ISO weeks whose Monday falls in the months `from`..`to` (UTC), newest first. */
export function weeksOf(from: string, to: string): string[] {
  const start = new Date(`${from}-01T00:00:00Z`);
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(ty, tm, 1));
  const day = new Date(start);
  day.setUTCDate(day.getUTCDate() + ((8 - (day.getUTCDay() || 7)) % 7)); // the first Monday
  const weeks: string[] = [];
  for (; day < end; day.setUTCDate(day.getUTCDate() + 7)) weeks.push(isoWeek(day));
  return weeks.reverse();
}

const padSequence = (sequence: string) => sequence.padStart(40, '0');

// ---------------------------------------------------------------------------------------------
// The projection

class Writes {
  private counters = new Map<string, { key: ItemKeys; add: Map<string, number>; set: Map<string, string> }>();
  private members = new Map<string, NonNullable<Parameters<typeof transact>[0]>[number]>();

  add(figure: FigureName, bucket: string, jobId: string, name: string, by: number, set?: Record<string, string>) {
    const key = figureStatsKeyOf(figure, bucket, jobId);
    const id = `${key[keyNames.pk]}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = { key, add: new Map(), set: new Map() };
      this.counters.set(id, counter);
    }
    counter.add.set(name, (counter.add.get(name) ?? 0) + by);
    for (const [field, value] of Object.entries(set ?? {})) counter.set.set(field, value);
    counter.set.set('figure', figure);
    counter.set.set('bucket', bucket);
  }

  member(figure: FigureMembers, bucket: string, sortKey: string, jobId: string, extra: Record<string, unknown> = {}) {
    const key = figureMemberKey(figure, bucket, sortKey);
    // One operation per item in a transaction: a job paid and refunded in one month is one member.
    this.members.set(`${key[keyNames.pk]}\n${key[keyNames.sk]}`, {
      Put: { TableName: tableName(), Item: { ...key, type: 'FigureMember', jobId, ...extra } },
    });
  }

  leave(figure: FigureMembers, bucket: string, sortKey: string) {
    const key = figureMemberKey(figure, bucket, sortKey);
    this.members.set(`${key[keyNames.pk]}\n${key[keyNames.sk]}`, { Delete: { TableName: tableName(), Key: key } });
  }

  items(): NonNullable<Parameters<typeof transact>[0]> {
    const counters = [...this.counters.values()].map((counter) => {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const adds: string[] = [];
      const sets: string[] = [];
      let i = 0;
      for (const [name, by] of counter.add) {
        names[`#a${i}`] = name;
        values[`:a${i}`] = by;
        adds.push(`#a${i} :a${i}`);
        i++;
      }
      for (const [name, value] of counter.set) {
        names[`#s${i}`] = name;
        values[`:s${i}`] = value;
        sets.push(`#s${i} = :s${i}`);
        i++;
      }
      return {
        Update: {
          TableName: tableName(),
          Key: counter.key,
          UpdateExpression: `ADD ${adds.join(', ')}${sets.length > 0 ? ` SET ${sets.join(', ')}` : ''}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    });
    return [...counters, ...this.members.values()];
  }
}

/** A job's change: the difference between the job as it is and what was counted of it. */
function jobWrites(job: JobItem | null, applied: Applied, writes: Writes, jobId: string): Partial<Applied> {
  const next: Partial<Applied> = {};
  // Jobs by status: the job is counted under its creation month and its status now.
  const countedStatus = applied.status && applied.createdAt ? { status: applied.status, at: applied.createdAt } : null;
  const nowStatus = job ? { status: job.status, at: job.createdAt } : null;
  if (countedStatus?.status !== nowStatus?.status || countedStatus?.at !== nowStatus?.at) {
    if (countedStatus) {
      writes.add('status', monthOf(countedStatus.at), jobId, countedStatus.status, -1);
      writes.leave('status', countedStatus.status, `${countedStatus.at}#${jobId}`);
    }
    if (nowStatus) {
      writes.add('status', monthOf(nowStatus.at), jobId, nowStatus.status, 1);
      writes.member('status', nowStatus.status, `${nowStatus.at}#${jobId}`, jobId);
    }
    next.status = nowStatus?.status;
    next.createdAt = nowStatus?.at;
  }
  if (!job) return next;

  // Revenue: the payment that made the job PAID, once, in the month of paidAt; refunds as they come.
  const payment = job.payment;
  if (payment && !applied.paidMonth && payment.paidAt && paidStatuses.has(payment.status)) {
    const month = monthOf(payment.paidAt);
    const cents = payment.received?.amountCents ?? job.totalCents;
    writes.add('revenue', month, jobId, `paidCents#${payment.currency}`, cents);
    writes.add('revenue', month, jobId, `jobs#${payment.currency}`, 1);
    writes.member('revenue', `${month}#${payment.currency}`, jobId, jobId);
    next.paidMonth = month;
  }
  const refunded = payment?.refundedCents ?? 0;
  if (payment && refunded > (applied.refundedCents ?? 0)) {
    const month = monthOf(payment.updatedAt);
    writes.add('revenue', month, jobId, `refundedCents#${payment.currency}`, refunded - (applied.refundedCents ?? 0));
    writes.member('revenue', `${month}#${payment.currency}`, jobId, jobId);
    next.refundedCents = refunded;
  }

  // On-time delivery: the job's first delivery only (a revision's delivery does not count again).
  // A job first seen already approved (the backfill) counts its delivery too.
  const delivered = job.status === 'DELIVERED' || (job.status === 'COMPLETED' && !!job.roundDeliveredAt);
  if (delivered && !applied.firstDeliveredAt) {
    const at = job.roundDeliveredAt ?? job.updatedAt;
    const late = !!job.dueAt && at > job.dueAt;
    const month = monthOf(at);
    writes.add('ontime', month, jobId, 'delivered', 1);
    writes.add('ontime', month, jobId, 'onTime', late ? 0 : 1);
    writes.member('ontime', month, `${at}#${jobId}`, jobId, { late });
    if (late) writes.member('late', month, `${at}#${jobId}`, jobId);
    next.firstDeliveredAt = at;
  }
  return next;
}

const uploadJobs = new Map<string, string | null>();
const editorNames = new Map<string, string>();

async function jobOfUpload(uploadId: string): Promise<string | null> {
  if (!uploadJobs.has(uploadId)) {
    const found = await documentClient.send(new GetCommand({ TableName: tableName(), Key: uploadKey(uploadId) }));
    const jobId = (found.Item?.jobId as string | undefined) ?? null;
    if (!jobId) return null; // not a job's upload yet: not cached, a later record may find it
    uploadJobs.set(uploadId, jobId);
  }
  return uploadJobs.get(uploadId) ?? null;
}

/** The editor's name as it is now (the name it is counted under that week), from the user pool. */
async function editorName(editorId: string): Promise<string> {
  let name = editorNames.get(editorId);
  if (name === undefined) {
    name = (await findAccount(editorId))?.name ?? 'Former staff member';
    if (editorNames.size > 1000) editorNames.clear();
    editorNames.set(editorId, name);
  }
  return name;
}

/** An image version or a delivered file: counted once in images per editor, in the week it was released. */
async function deliveryWrites(item: Record<string, unknown>, applied: Applied, writes: Writes) {
  if (applied.released) return {};
  const releasedAt =
    item.type === 'Deliverable'
      ? (item.createdAt as string | undefined)
      : (item.releasedAt as string | null | undefined);
  const editorId = item.deliveredBy as string | undefined;
  if (!releasedAt || !editorId) return {};
  const jobId =
    item.type === 'Deliverable' ? (item.jobId as string | undefined) : await jobOfUpload(item.uploadId as string);
  if (!jobId) return {};
  const week = isoWeek(releasedAt);
  writes.add('editor', week, jobId, `images#${editorId}`, 1, { [`name#${editorId}`]: await editorName(editorId) });
  writes.member('editor', `${week}#${editorId}`, jobId, jobId);
  return { released: true };
}

/**
 * Applies one change of a source item to the figures, exactly once: reads what was counted of it,
 * writes the difference with the applied item's new state in one transaction, conditional on the
 * applied item's revision (another apply of the same item meanwhile makes this one read again).
 */
export async function applyChange(
  change: SourceChange,
  /** Counts the items this apply wrote (the bench). */
  stats?: { writes: number },
): Promise<'applied' | 'already'> {
  const type = (change.item ?? change.old)?.type;
  if (type !== 'Job' && type !== 'ImageVersion' && type !== 'Deliverable') return 'already';
  const appliedKey = figureAppliedKey(change);
  const job = type === 'Job' && change.item ? jobItemOf(change.item) : null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const read = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: appliedKey, ConsistentRead: true }),
    );
    const applied = (read.Item as Applied | undefined) ?? { rev: 0 };
    const sequence = change.sequence ? padSequence(change.sequence) : undefined;
    if (sequence && applied.lastSeq && applied.lastSeq >= sequence) return 'already';
    const writes = new Writes();
    const next =
      type === 'Job'
        ? jobWrites(job, applied, writes, (change.item ?? change.old)!.id as string)
        : change.item
          ? await deliveryWrites(change.item, applied, writes)
          : {};
    const state: Record<string, unknown> = { ...applied, ...next, rev: applied.rev + 1 };
    if (sequence) state.lastSeq = sequence;
    for (const [name, value] of Object.entries(state)) if (value === undefined) delete state[name];
    const items = writes.items();
    // Nothing to count (a job's progress, a version's preview): nothing written. The stream brings
    // an item's records in order, so a record replayed later still finds its change counted.
    if (items.length === 0) return 'already';
    try {
      await transact([
        {
          Put: {
            TableName: tableName(),
            Item: { ...appliedKey, ...state, type: 'FigureApplied' },
            ConditionExpression: read.Item ? '#rev = :rev' : 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: read.Item ? { '#rev': 'rev' } : { '#pk': keyNames.pk },
            ...(read.Item ? { ExpressionAttributeValues: { ':rev': applied.rev } } : {}),
          },
        },
        ...items,
      ]);
      if (stats) stats.writes += items.length + 1;
      return 'applied';
    } catch (error) {
      // Another apply of this item meanwhile (its revision moved) or a conflict: read again.
      if (!isTransactionCancelled(error)) throw error;
    }
  }
  throw new Error('The figures of one item could not be applied: it kept changing.');
}

// ---------------------------------------------------------------------------------------------
// Reading the figures

const shardKeys = (figure: FigureName, buckets: readonly string[]) =>
  buckets.flatMap((bucket) =>
    Array.from({ length: figureShardCount }, (_, shard) => figureStatsKey(figure, bucket, shard)),
  );

type Figures = Pick<StudioOverviewResponse, 'revenue' | 'jobsByStatus' | 'onTimeDelivery' | 'imagesPerEditor'>;

/**
 * The figures of the months `from`..`to`: one consistent BatchGet of months x 8 keys of three
 * figures and weeks x 8 keys of images per editor (24 months: 1,400 keys, 14 requests).
 */
export async function figuresOf(from: string, to: string): Promise<Figures & { reads: number }> {
  const months = monthsOf(from, to);
  const weeks = weeksOf(from, to);
  const keys = [
    ...shardKeys('revenue', months),
    ...shardKeys('status', months),
    ...shardKeys('ontime', months),
    ...shardKeys('editor', weeks),
  ];
  const items = await batchGet(keys);
  const revenue = new Map<string, RevenueMonth>();
  const statuses = new Map<JobStatus, number>(jobStatuses.map((status) => [status, 0]));
  const onTime = new Map(months.map((month) => [month, { delivered: 0, onTime: 0 }]));
  const editors = new Map<string, EditorWeek>();
  const wanted = { months: new Set(months), weeks: new Set(weeks) };
  for (const item of items) {
    const bucket = item.bucket as string;
    for (const [name, raw] of Object.entries(item)) {
      const value = Number(raw);
      if (item.figure === 'revenue' && wanted.months.has(bucket)) {
        const [field, currency] = name.split('#') as [string, string | undefined];
        if (!currency || !['paidCents', 'refundedCents', 'jobs'].includes(field)) continue;
        const entry = revenue.get(`${bucket}#${currency}`) ?? {
          month: bucket,
          currency,
          paidCents: 0,
          refundedCents: 0,
          jobs: 0,
        };
        entry[field as 'paidCents' | 'refundedCents' | 'jobs'] += value;
        revenue.set(`${bucket}#${currency}`, entry);
      } else if (item.figure === 'status' && wanted.months.has(bucket) && statuses.has(name as JobStatus)) {
        statuses.set(name as JobStatus, statuses.get(name as JobStatus)! + value);
      } else if (item.figure === 'ontime' && (name === 'delivered' || name === 'onTime')) {
        const month = onTime.get(bucket);
        if (month) month[name] += value;
      } else if (item.figure === 'editor' && wanted.weeks.has(bucket) && name.startsWith('images#')) {
        const editorId = name.slice('images#'.length);
        const entry = editors.get(`${bucket}#${editorId}`) ?? { week: bucket, editorId, editorName: '', images: 0 };
        entry.images += value;
        entry.editorName = entry.editorName || ((item[`name#${editorId}`] as string | undefined) ?? '');
        editors.set(`${bucket}#${editorId}`, entry);
      }
    }
  }
  const rate = (delivered: number, onTimeCount: number) => (delivered === 0 ? null : onTimeCount / delivered);
  const onTimeMonths: OnTimeMonth[] = months.map((month) => {
    const figures = onTime.get(month)!;
    return { month, ...figures, rate: rate(figures.delivered, figures.onTime) };
  });
  const total = onTimeMonths.reduce(
    (sum, month) => ({
      delivered: sum.delivered + month.delivered,
      onTime: sum.onTime + month.onTime,
    }),
    { delivered: 0, onTime: 0 },
  );
  return {
    revenue: [...revenue.values()]
      .filter((entry) => entry.paidCents > 0 || entry.refundedCents > 0 || entry.jobs > 0)
      .sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency)),
    jobsByStatus: jobStatuses.map((status) => ({ status, count: Math.max(0, statuses.get(status)!) })),
    onTimeDelivery: { months: onTimeMonths, total: { ...total, rate: rate(total.delivered, total.onTime) } },
    imagesPerEditor: [...editors.values()]
      .filter((entry) => entry.images > 0)
      .sort((a, b) => b.week.localeCompare(a.week) || a.editorName.localeCompare(b.editorName)),
    reads: keys.length,
  };
}

// ---------------------------------------------------------------------------------------------
// The jobs behind a figure

export type MemberList =
  | { figure: 'revenue'; month: string; currency: string }
  | { figure: 'jobsByStatus'; status: JobStatus; from: string; to: string }
  | { figure: 'onTimeDelivery'; month: string; late: boolean }
  | { figure: 'imagesPerEditor'; week: string; editorId: string };

function memberQuery(list: MemberList): { partition: string; range?: [string, string] } {
  switch (list.figure) {
    case 'revenue':
      return { partition: figureMembersPartition('revenue', `${list.month}#${list.currency}`) };
    case 'jobsByStatus':
      return { partition: figureMembersPartition('status', list.status), range: [list.from, `${list.to}~`] };
    case 'onTimeDelivery':
      return { partition: figureMembersPartition(list.late ? 'late' : 'ontime', list.month) };
    case 'imagesPerEditor':
      return { partition: figureMembersPartition('editor', `${list.week}#${list.editorId}`) };
  }
}

/** A page of the jobs behind a figure, newest first; jobs deleted since are left out. */
export async function figureJobsPage(
  list: MemberList,
  page: { limit: number; cursor?: string },
): Promise<{ jobs: Job[]; nextCursor: string | null }> {
  const { partition, range } = memberQuery(list);
  const startKey = decodeCursor(page.cursor, {
    names: [keyNames.pk, keyNames.sk],
    equal: { [keyNames.pk]: partition },
  });
  const input: QueryCommandInput = {
    TableName: tableName(),
    KeyConditionExpression: range ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
    ExpressionAttributeNames: range ? { '#pk': keyNames.pk, '#sk': keyNames.sk } : { '#pk': keyNames.pk },
    ExpressionAttributeValues: range ? { ':pk': partition, ':from': range[0], ':to': range[1] } : { ':pk': partition },
    ScanIndexForward: false,
    Limit: page.limit,
    ExclusiveStartKey: startKey,
  };
  const answer = await documentClient.send(new QueryCommand(input));
  const ids = (answer.Items ?? []).map((item) => item.jobId as string);
  const found = new Map(
    (await batchGet([...new Set(ids)].map((id) => jobKey(id)))).map((item) => {
      const job = jobItemOf(item);
      return [job.id, job];
    }),
  );
  const jobs = ids.flatMap((id) => (found.has(id) ? [toJob(found.get(id)!)] : []));
  return { jobs, nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

// ---------------------------------------------------------------------------------------------
// Items stored before the projector

/**
 * Counts every job, image version and delivered file of the table as it is now (the one-off after
 * the deployment that adds the projector: `npm run repair-open-jobs`; `npm start` on a local table
 * kept from before). The same apply as the stream's, so an item already counted adds nothing: safe
 * to run again and while the projector runs.
 */
export async function backfillFigures(
  options: { onPage?: (progress: { checked: number; applied: number }) => void } = {},
): Promise<{ checked: number; applied: number }> {
  const progress = { checked: 0, applied: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type IN (:job, :version, :file)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':job': 'Job', ':version': 'ImageVersion', ':file': 'Deliverable' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      progress.checked++;
      const source = { pk: item[keyNames.pk] as string, sk: item[keyNames.sk] as string };
      if ((await applyChange({ ...source, item })) === 'applied') progress.applied++;
    }
    options.onPage?.(progress);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return progress;
}

/** {@link backfillFigures} once per table (`SCHEDULED_RUN` / `FIGURES_BACKFILL`); null when done before. */
export async function backfillFiguresOnce(): Promise<{ checked: number; applied: number } | null> {
  const done = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: figuresBackfillKey(), ConsistentRead: true }),
  );
  if (done.Item) return null;
  const result = await backfillFigures();
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...figuresBackfillKey(), type: 'ScheduledRun', through: new Date().toISOString(), ...result },
    }),
  );
  return result;
}
