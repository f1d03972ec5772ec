import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { JobOpening } from '@studio/shared/job-opening';
import { documentClient } from '../lib/dynamo.ts';
import { conditionHeld } from '../lib/dynamo-errors.ts';
import { keyNames, openingKey, tableName } from './keys.ts';
import { openingItem, openingRowOf, queryOpeningRows, toOpening, type OpeningRow } from './job-openings.ts';

/*
 * Staff writes of job openings (see job-openings.ts). An opening is in the sparse GSI2
 * `OPENINGS#ACTIVE` only while active, so the careers page never sees an inactive one. The
 * posted date is set when the opening is created and kept on edits.
 */

/** Every opening, active or not, newest first. */
export async function listAllJobOpenings(): Promise<JobOpening[]> {
  return (await queryOpeningRows(false)).map(toOpening);
}

export async function getOpeningRow(id: string): Promise<OpeningRow | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: openingKey(id), ConsistentRead: true }),
  );
  return result.Item ? openingRowOf(result.Item) : null;
}

/**
 * Writes an opening whole (create, or replace an existing one keeping its posted date). `mustExist`
 * makes the write conditional on the opening still being there; returns false when it is not.
 */
export async function putOpening(row: OpeningRow, mustExist: boolean): Promise<boolean> {
  return conditionHeld(
    documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: openingItem(row),
        ConditionExpression: mustExist ? 'attribute_exists(#pk)' : 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
      }),
    ),
  );
}

export async function deleteOpening(id: string): Promise<boolean> {
  return conditionHeld(
    documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: openingKey(id),
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
      }),
    ),
  );
}
