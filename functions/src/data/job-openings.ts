import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { JobOpening } from '@studio/shared/job-opening';
import { documentClient } from '../lib/dynamo.ts';
import { activeOpeningsPartition, keyNames, openingIndexKeys, openingKey, tableName } from './keys.ts';
import { mediaUrl } from './media.ts';
import { queryAll } from './query-all.ts';

/*
 * Job openings. See docs/data-model.md.
 *   PK OPENING#<id>  SK OPENING  GSI1 OPENINGS / <postedAt>#<id>
 *                                GSI2 OPENINGS#ACTIVE / <postedAt>#<id>, only while active (sparse)
 */

/** An opening as stored (the admin writes in job-openings-admin.ts share it). */
export interface OpeningRow {
  id: string;
  title: string;
  description: string;
  imageKey?: string;
  imageUrl?: string;
  isActive: boolean;
  postedAt: string;
}

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

/** The active openings, newest first (the sparse GSI2 holds only active ones; a studio has few). */
export async function listActiveJobOpenings(): Promise<JobOpening[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi2.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi2.partitionKey },
    ExpressionAttributeValues: { ':pk': activeOpeningsPartition },
    ScanIndexForward: false,
  });
  return items.map((item) => toOpening(item as unknown as OpeningRow));
}

export type NewJobOpening = OpeningRow;

/** Writes new openings, all or none (at most 100). */
export async function createJobOpenings(rows: NewJobOpening[]): Promise<void> {
  if (rows.length > 100) throw new Error('at most 100 openings per transaction');
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: rows.map((row) => ({
        Put: {
          TableName: tableName(),
          Item: {
            type: 'JobOpening',
            ...row,
            ...openingKey(row.id),
            ...openingIndexKeys(row),
          },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': keyNames.pk },
        },
      })),
    }),
  );
}
