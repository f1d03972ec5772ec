import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Job } from '@studio/shared/job';
import { documentClient } from '../lib/dynamo.ts';
import {
  asJobNumber,
  jobMatchesQuery,
  jobSearchItems,
  searchNormal,
  searchWords,
  type SearchedClient,
} from './job-search-terms.ts';
import { jobItemOf, toJob } from './jobs.ts';
import { batchGet } from './batch-get.ts';
import { queryPages } from './query-all.ts';
import {
  allJobsPartition,
  jobKey,
  jobNumberKey,
  jobSearchPartition,
  jobSearchRepairKey,
  keyNames,
  tableName,
} from './keys.ts';

/*
 * Finding a job by its number, its client's name or e-mail (#40; docs/data-model.md, pattern 62),
 * without reading every job:
 * - a job number is an exact read of its number item (`JOB_NUMBER#RS-2026-0007`, pattern 34);
 * - the client's name and e-mail are search items written with the job (one per term: each word
 *   of the name, and the whole e-mail, lower case and without accents), which GSI1 holds by the
 *   term's first three characters: a query reads the partition of its longest word and keeps the
 *   terms that begin with it, then each job found must match every word of the query.
 */

/** Most search items one lookup reads before it stops (a query answers at most 200 jobs anyway). */
const maxItemsRead = 1000;

/** The prefixes a query is looked up by: the whole of a one-word query (an e-mail), and its longest word. */
function lookupPrefixes(query: string): string[] {
  const prefixes = new Set<string>();
  const whole = searchNormal(query);
  if (whole && !/\s/.test(whole)) prefixes.add(whole);
  const longest = searchWords(query).sort((a, b) => b.length - a.length)[0];
  if (longest) prefixes.add(longest);
  return [...prefixes];
}

async function jobIdsWithPrefix(prefix: string, query: string, into: Set<string>): Promise<void> {
  let start: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keyNames.gsi1.name,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: {
          '#pk': keyNames.gsi1.partitionKey,
          '#sk': keyNames.gsi1.sortKey,
          '#client': 'client',
        },
        ExpressionAttributeValues: { ':pk': jobSearchPartition(prefix), ':prefix': prefix },
        ProjectionExpression: 'jobId, #client',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of (page.Items ?? []) as { jobId: string; client?: SearchedClient | null }[]) {
      if (jobMatchesQuery(item, query)) into.add(item.jobId);
    }
    read += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start && read < maxItemsRead);
}

/** The jobs of these ids that still exist (read in batches of 100, unprocessed keys read again). */
export async function jobsByIds(ids: readonly string[]): Promise<Job[]> {
  const items = await batchGet(ids.map((id) => jobKey(id)));
  return items.map((item) => toJob(jobItemOf(item)));
}

/**
 * The jobs a manager's search text finds (pattern 62), newest first, at most `limit`: by job number
 * (exactly), else by the client's name (each word from its first three letters) or e-mail (from
 * its first three characters).
 */
export async function findJobs(query: string, limit: number, keep: (job: Job) => boolean = () => true): Promise<Job[]> {
  const jobNumber = asJobNumber(query);
  if (jobNumber) {
    const found = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: jobNumberKey(jobNumber), ConsistentRead: true }),
    );
    const jobId = found.Item?.jobId as string | undefined;
    return jobId ? (await jobsByIds([jobId])).filter(keep) : [];
  }
  const ids = new Set<string>();
  for (const prefix of lookupPrefixes(query)) await jobIdsWithPrefix(prefix, query, ids);
  const jobs = (await jobsByIds([...ids])).filter((job) => jobMatchesQuery(job, query) && keep(job));
  jobs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return jobs.slice(0, limit);
}

/** The shortest query text that can find a name or e-mail (a job number is longer). */
export const minimumQueryLength = 2;

/**
 * The repair below once per table: skipped when its record says it ran, recorded when it has
 * read every job. `fresh`: the table was just seeded, every job has its items already, so only the
 * record is written. Answers what the repair did, or null when it had run before.
 */
export async function repairJobSearchItemsOnce(
  options: { fresh?: boolean; now?: Date } = {},
): Promise<{ checked: number; written: number } | null> {
  const done = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: jobSearchRepairKey(), ConsistentRead: true }),
  );
  if (done.Item) return null;
  const result = options.fresh ? { checked: 0, written: 0 } : await repairJobSearchItems();
  await recordJobSearchRepair(result, options.now);
  return result;
}

/** Records that every job of the table has its search items (`SCHEDULED_RUN` / `JOB_SEARCH_ITEMS`). */
export async function recordJobSearchRepair(
  result: { checked: number; written: number },
  now = new Date(),
): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...jobSearchRepairKey(), type: 'ScheduledRun', through: now.toISOString(), ...result },
    }),
  );
}

/**
 * Writes the search items of every job (the one-off after the deployment that adds them; `npm
 * start` runs it on a local table kept from before). A put of a job's items writes what its
 * creation writes, so it is safe to run again and while the site is in use.
 */
export async function repairJobSearchItems(
  options: { onlyJobs?: ReadonlySet<string> } = {},
): Promise<{ checked: number; written: number }> {
  const result = { checked: 0, written: 0 };
  const pages = queryPages(
    {
      TableName: tableName(),
      IndexName: keyNames.gsi3.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames.gsi3.partitionKey, '#id': 'id', '#client': 'client' },
      ExpressionAttributeValues: { ':pk': allJobsPartition },
      ProjectionExpression: '#id, createdAt, #client',
    },
    500,
  );
  for await (const page of pages) {
    const jobs = (page.Items ?? []) as { id: string; createdAt: string; client?: SearchedClient | null }[];
    const items = jobs.filter((job) => !options.onlyJobs || options.onlyJobs.has(job.id)).flatMap(jobSearchItems);
    result.checked += jobs.length;
    for (let at = 0; at < items.length; at += 25) {
      let requests: Record<string, unknown>[] = items
        .slice(at, at + 25)
        .map((item) => ({ PutRequest: { Item: item } }));
      while (requests.length > 0) {
        const answer = await documentClient.send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
        );
        requests = (answer.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      }
    }
    result.written += items.length;
  }
  return result;
}
