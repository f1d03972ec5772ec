import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { JobOpening } from '@studio/shared/job-opening';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { keyNames, openingIndexKeys, openingKey, openingsPartition, tableName } from './keys.ts';
import { toOpening, type OpeningRow } from './job-openings.ts';
import { queryAll } from './query-all.ts';

/*
 * Staff writes of job openings (see job-openings.ts). An opening is in the sparse GSI2
 * `OPENINGS#ACTIVE` only while active, so the careers page never sees an inactive one. The
 * posted date is set when the opening is created and kept on edits.
 */

/** Every opening, active or not, newest first. */
export async function listAllJobOpenings(): Promise<JobOpening[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: keyNames.gsi1.name,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
    ExpressionAttributeValues: { ':pk': openingsPartition },
    ScanIndexForward: false,
  });
  return items.map((item) => toOpening(item as unknown as OpeningRow));
}

export async function getOpeningRow(id: string): Promise<OpeningRow | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: openingKey(id), ConsistentRead: true }),
  );
  return (result.Item as OpeningRow | undefined) ?? null;
}

/**
 * Writes an opening whole (create, or replace an existing one keeping its posted date). `mustExist`
 * makes the write conditional on the opening still being there; returns false when it is not.
 */
export async function putOpening(row: OpeningRow, mustExist: boolean): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          type: 'JobOpening',
          ...row,
          ...openingKey(row.id),
          ...openingIndexKeys(row),
        },
        ConditionExpression: mustExist ? 'attribute_exists(#pk)' : 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function deleteOpening(id: string): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: openingKey(id),
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
