import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { JobOpening } from '@studio/shared/job-opening';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import {
  activeOpeningsPartition,
  keyNames,
  openingIndexKeys,
  openingKey,
  openingsPartition,
  tableName,
} from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut } from './transactions.ts';

/*
 * Job openings. See docs/data-model.md.
 *   PK OPENING#<id>  SK OPENING  GSI1 OPENINGS / <postedAt>#<id>
 *                                GSI2 OPENINGS#ACTIVE / <postedAt>#<id>, only while active (sparse)
 */

/**
 * An opening as stored (the admin writes in job-openings-admin.ts share it), declared once; every
 * read goes through `openingRowOf` (stored-items.ts).
 */
const openingFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageKey: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  isActive: z.boolean(),
  postedAt: z.string(),
};
export type OpeningRow = z.infer<z.ZodMiniObject<typeof openingFields>>;
export const openingRowOf = storedItemReader('job opening', openingFields);

export function toOpening(row: OpeningRow): JobOpening {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // An opening's picture is a console-uploaded image (`imageKey`) or an address given as is.
    imageUrl: row.imageUrl ?? mediaUrl(row.imageKey),
    isActive: row.isActive,
    postedDate: row.postedAt,
  };
}

/**
 * Opening rows, newest first: every opening (GSI1, pattern 24), or with `activeOnly` the active
 * ones (the sparse GSI2 holds only those, pattern 23). A studio has few, so they are read whole.
 */
export async function queryOpeningRows(activeOnly: boolean): Promise<OpeningRow[]> {
  const index = activeOnly ? keyNames.gsi2 : keyNames.gsi1;
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': index.partitionKey },
    ExpressionAttributeValues: { ':pk': activeOnly ? activeOpeningsPartition : openingsPartition },
    ScanIndexForward: false,
  });
  return items.map(openingRowOf);
}

/** The active openings, newest first. */
export async function listActiveJobOpenings(): Promise<JobOpening[]> {
  return (await queryOpeningRows(true)).map(toOpening);
}

/** The stored item of an opening, with its keys (job-openings-admin.ts writes them too). */
export function openingItem(row: OpeningRow): Record<string, unknown> {
  return { type: 'JobOpening', ...row, ...openingKey(row.id), ...openingIndexKeys(row) };
}

export type NewJobOpening = OpeningRow;

/** Writes new openings, all or none (at most 100). */
export async function createJobOpenings(rows: NewJobOpening[]): Promise<void> {
  if (rows.length > 100) throw new Error('at most 100 openings per transaction');
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: rows.map((row) => ({
        Put: newItemPut(openingItem(row)),
      })),
    }),
  );
}
