import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Job, JobStatus } from '@studio/shared/job';
import type { HistoryActor } from '@studio/shared/payment';
import { jobMatchesSearch } from '@studio/shared/job-workflow';
import { documentClient } from '../lib/dynamo.ts';
import { needsMarkerDeletes, needsMarkerWrites } from './job-needs.ts';
import { jobChangeEvents } from './job-events.ts';
import { jobSearchItemKeys } from './job-search-terms.ts';
import { jobItemOf, listPersonsJobs, toJob } from './jobs.ts';
import { outboxItem } from './outbox.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { awaitingApprovalPut } from './job-lifecycle.ts';
import { actors, jobChangeEntry, timelineEntryPut } from './job-timeline.ts';
import { transact } from './transactions.ts';
import {
  allJobsPartition,
  editorJobsPartition,
  jobKey,
  jobSortKey,
  keyNames,
  openJobIndexClauses,
  openJobsPartition,
  serviceJobShardKey,
  serviceKey,
  tableName,
  unassignedJobsPartition,
  updateExpression,
} from './keys.ts';

/*
 * The staff side of jobs (docs/data-model.md patterns 10-12 and 14): pages of all jobs and of the
 * unassigned ones, an editor's jobs, and conditional updates for assignment, progress and links.
 */

type Key = Record<string, string>;

export interface JobPage {
  jobs: Job[];
  nextCursor: string | null;
}

/** Pages a search reads at most in one request; "Load more" goes on from where it stopped. */
const maxPagesPerSearch = 20;

/**
 * All jobs newest first (GSI3 `JOBS`, pattern 12), or the unassigned ones (GSI2 `UNASSIGNED`,
 * pattern 11) that are still open (PENDING or IN_PROGRESS), or with `open` the jobs the studio
 * still owes work on by due time (GSI4 `OPEN_JOBS`, pattern 53). `unpaid` keeps only the jobs
 * still to be paid (#16: no payment, PENDING, FAILED or MISMATCH; cancelled jobs left out). A
 * filtered page can hold fewer than `limit` jobs; the cursor still continues where the read
 * stopped.
 *
 * With `search`, only jobs whose title or description holds the text, ignoring case
 * (`jobMatchesSearch`), among those the other filters keep. DynamoDB cannot compare text without
 * case, so the search reads the index's pages in order and keeps the matches, like the leads'
 * search: it answers once it has `limit` matches (the cursor then names the last one answered, so
 * none is skipped) or has read `maxPagesPerSearch` pages (the cursor names where it stopped, and
 * "Load more" goes on).
 */
export async function listJobsPage(options: {
  open?: boolean;
  unassigned: boolean;
  unpaid?: boolean;
  limit: number;
  cursor?: string;
  search?: string;
}): Promise<JobPage> {
  const index = options.open
    ? { name: keyNames.gsi4.name, pk: keyNames.gsi4.partitionKey, sk: keyNames.gsi4.sortKey, value: openJobsPartition }
    : options.unassigned
      ? {
          name: keyNames.gsi2.name,
          pk: keyNames.gsi2.partitionKey,
          sk: keyNames.gsi2.sortKey,
          value: unassignedJobsPartition,
        }
      : {
          name: keyNames.gsi3.name,
          pk: keyNames.gsi3.partitionKey,
          sk: keyNames.gsi3.sortKey,
          value: allJobsPartition,
        };
  const input: QueryCommandInput = {
    TableName: tableName(),
    IndexName: index.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': index.pk },
    ExpressionAttributeValues: { ':pk': index.value },
    // The open jobs in board order (most overdue first); the other lists newest first.
    ScanIndexForward: Boolean(options.open),
    Limit: options.limit,
  };
  const filters: string[] = [];
  if (options.unassigned) {
    // Only open work can be assigned: cancelled (and, from older data, completed) jobs are left out.
    filters.push('#status IN (:pending, :inProgress)');
    input.ExpressionAttributeNames!['#status'] = 'status';
    input.ExpressionAttributeValues![':pending'] = 'PENDING';
    input.ExpressionAttributeValues![':inProgress'] = 'IN_PROGRESS';
  }
  if (options.unpaid) {
    // No payment is `payment: null`, whose `status` does not exist.
    filters.push(
      '#status <> :cancelled AND (attribute_not_exists(#payment.#paymentStatus) OR #payment.#paymentStatus IN (:payPending, :payFailed, :payMismatch))',
    );
    Object.assign(input.ExpressionAttributeNames!, {
      '#status': 'status',
      '#payment': 'payment',
      '#paymentStatus': 'status',
    });
    Object.assign(input.ExpressionAttributeValues!, {
      ':cancelled': 'CANCELLED',
      ':payPending': 'PENDING',
      ':payFailed': 'FAILED',
      ':payMismatch': 'MISMATCH',
    });
  }
  if (filters.length > 0) input.FilterExpression = filters.join(' AND ');
  let start: Key | undefined = decodeCursor(options.cursor, {
    names: [keyNames.pk, keyNames.sk, index.pk, index.sk],
    equal: { [index.pk]: index.value, [keyNames.sk]: jobSortKey },
  });
  const search = options.search?.trim() ?? '';
  if (!search) {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    return {
      jobs: (page.Items ?? []).map((item) => toJob(jobItemOf(item))),
      nextCursor: encodeCursor(page.LastEvaluatedKey),
    };
  }
  const found: Job[] = [];
  for (let read = 0; read < maxPagesPerSearch; read++) {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    const items = (page.Items ?? []) as Key[];
    for (const [at, item] of items.entries()) {
      const job = toJob(jobItemOf(item));
      if (!jobMatchesSearch(job, search)) continue;
      found.push(job);
      if (found.length === options.limit) {
        const last = at === items.length - 1 && !page.LastEvaluatedKey;
        return { jobs: found, nextCursor: last ? null : encodeCursor(indexKeyOf(item, index)) };
      }
    }
    start = page.LastEvaluatedKey as Key | undefined;
    if (!start) break;
  }
  return { jobs: found, nextCursor: encodeCursor(start) };
}

/** The position just after `item` in an index: its table and index keys, as a LastEvaluatedKey. */
function indexKeyOf(item: Key, index: { pk: string; sk: string }): Key {
  const names = [keyNames.pk, keyNames.sk, index.pk, index.sk];
  return Object.fromEntries(names.map((name) => [name, item[name]!]));
}

/** The jobs assigned to an editor, newest first (GSI2 `EDITOR#<id>`, pattern 10); up to 1000. */
export async function listJobsOfEditor(editorId: string): Promise<Job[]> {
  return listPersonsJobs(keyNames.gsi2, editorJobsPartition(editorId));
}

/** Jobs not finished (#17: delivered but not approved counts): their editor or client is not deleted. */
export const unfinishedStatuses: readonly JobStatus[] = ['PENDING', 'IN_PROGRESS', 'DELIVERED', 'REVISION_REQUESTED'];

/** What a staff action changes on a job; `status` is already derived by the caller. */
export interface JobChange {
  status: JobStatus;
  progress?: number;
  instructions?: string;
  dropboxLink?: string;
  editorId?: string;
  editorDropboxLink?: string;
}

/**
 * Writes a change computed from `before`, on condition that the job is still exactly as read
 * (same `updatedAt`), and for an editor still assigned to them. A concurrent change fails the
 * condition and the request answers 409, so two staff never overwrite each other unseen.
 */
export async function writeJobChange(
  before: Job,
  change: JobChange,
  options: { assignedTo?: string; now?: Date; actor?: HistoryActor } = {},
): Promise<Job> {
  const updatedAt = (options.now ?? new Date()).toISOString();
  // A delivery (#17) starts the client's turn: its time, read by the auto-approval sweep.
  const delivered = change.status === 'DELIVERED' && before.status !== 'DELIVERED';
  const roundDeliveredAt = delivered ? updatedAt : before.roundDeliveredAt;
  const names: Record<string, string> = { '#pk': keyNames.pk, '#updatedAt': 'updatedAt', '#status': 'status' };
  const values: Record<string, unknown> = { ':before': before.updatedAt, ':now': updatedAt, ':status': change.status };
  const sets = ['#updatedAt = :now', '#status = :status'];
  const fields = ['progress', 'instructions', 'dropboxLink', 'editorId', 'editorDropboxLink'] as const;
  for (const field of fields) {
    const value = change[field];
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (delivered) {
    names['#roundDeliveredAt'] = 'roundDeliveredAt';
    values[':roundDeliveredAt'] = updatedAt;
    sets.push('#roundDeliveredAt = :roundDeliveredAt');
  }
  if (change.editorId !== undefined) {
    names['#gsi2pk'] = keyNames.gsi2.partitionKey;
    values[':gsi2pk'] = editorJobsPartition(change.editorId);
    sets.push('#gsi2pk = :gsi2pk');
  }
  // A status change can take the job off the open jobs, or back on (a revision).
  const index = openJobIndexClauses({ ...before, status: change.status });
  sets.push(...index.set);
  Object.assign(names, index.names);
  Object.assign(values, index.values);
  let condition = 'attribute_exists(#pk) AND #updatedAt = :before';
  if (options.assignedTo !== undefined) {
    names['#editorId'] = 'editorId';
    values[':caller'] = options.assignedTo;
    condition += ' AND #editorId = :caller';
  }
  const update = {
    TableName: tableName(),
    Key: jobKey(before.id),
    UpdateExpression: updateExpression(sets, index.remove),
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  const after: Job = { ...before, ...definedFields(change), updatedAt, roundDeliveredAt };
  // What the change means for others (assigned, delivered, cancelled) and its timeline entry
  // (#17) are written with it.
  const events = jobChangeEvents(before, after);
  const entry = jobChangeEntry(before, after);
  // Assigned, delivered or cancelled: its place in what needs action (#40) moves with it.
  const markers = needsMarkerWrites(before, after);
  if (events.length === 0 && !entry && !delivered && markers.length === 0) {
    const result = await documentClient.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
    return toJob(jobItemOf(result.Attributes!));
  }
  await transact([
    { Update: update },
    ...(entry ? [timelineEntryPut(before.id, updatedAt, entry, options.actor ?? actors.system())] : []),
    ...(delivered ? [awaitingApprovalPut(before.id, updatedAt)] : []),
    ...markers,
    ...events.map((event) => outboxItem(event)),
  ]);
  return after;
}

function definedFields(change: JobChange): Partial<Job> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<Job>;
}

/**
 * Deletes a cancelled job and its search items and takes it off its service's count of jobs
 * (pattern 15) in one transaction; the condition repeats the route's check, so a job reopened meanwhile stays (409).
 */
export async function deleteCancelledJob(job: Job): Promise<void> {
  // The count the job is on: its shard, or the service item's own for a job from before shards.
  const stored = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: jobKey(job.id),
      ConsistentRead: true,
      ProjectionExpression: '#shard',
      ExpressionAttributeNames: { '#shard': 'serviceJobShard' },
    }),
  );
  const shard = stored.Item?.serviceJobShard as number | undefined;
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: jobKey(job.id),
            ConditionExpression: '#status = :cancelled',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':cancelled': 'CANCELLED' },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: shard === undefined ? serviceKey(job.serviceId) : serviceJobShardKey(job.serviceId, shard),
            UpdateExpression: 'ADD #count :minusOne',
            ConditionExpression: 'attribute_exists(#pk) AND #count > :zero',
            ExpressionAttributeNames: { '#pk': keyNames.pk, '#count': 'jobCount' },
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          },
        },
        // Its search items (#40): a deleted job is found no more.
        ...jobSearchItemKeys(job).map((key) => ({ Delete: { TableName: tableName(), Key: key } })),
        // Any marker of what needs action (#40) it might still have.
        ...needsMarkerDeletes(job),
      ],
    }),
  );
}
