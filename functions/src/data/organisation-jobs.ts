import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Job } from '@studio/shared/job';
import type { BillingDetails } from '@studio/shared/organisation';
import { documentClient } from '../lib/dynamo.ts';
import { keyNames, jobListSortKeyPrefix, organisationJobsPartition, organisationKey, tableName } from './keys.ts';
import { jobItemOf, toJob } from './jobs.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';

/*
 * An organisation's jobs (#35; docs/data-model.md, pattern 101): GSI6 `ORG_JOBS#<organisationId>` /
 * `JOB#<createdAt>#<id>`, newest first, a page at a time (an organisation's jobs grow without
 * bound, unlike one person's history). Who may read the list is the route's check.
 */

export const defaultOrganisationJobsLimit = 25;

export async function listOrganisationJobs(
  organisationId: string,
  options: { limit?: number; cursor?: string },
): Promise<{ jobs: Job[]; nextCursor: string | null }> {
  const partition = organisationJobsPartition(organisationId);
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keyNames.gsi6.name,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': keyNames.gsi6.partitionKey, '#sk': keyNames.gsi6.sortKey },
      ExpressionAttributeValues: { ':pk': partition, ':prefix': jobListSortKeyPrefix },
      ScanIndexForward: false,
      Limit: options.limit ?? defaultOrganisationJobsLimit,
      ExclusiveStartKey: decodeCursor(options.cursor, {
        names: [keyNames.pk, keyNames.sk, keyNames.gsi6.partitionKey, keyNames.gsi6.sortKey],
        equal: { [keyNames.gsi6.partitionKey]: partition },
        prefix: { [keyNames.gsi6.sortKey]: jobListSortKeyPrefix },
      }),
    }),
  );
  return {
    jobs: (result.Items ?? []).map((item) => toJob(jobItemOf(item))),
    nextCursor: encodeCursor(result.LastEvaluatedKey),
  };
}

/** The billing details of a job's organisation, as its invoices are made out (#35); null without one. */
export async function organisationBilling(organisationId: string | null): Promise<BillingDetails | null> {
  if (!organisationId) return null;
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: organisationKey(organisationId),
      ConsistentRead: true,
      ProjectionExpression: 'billing',
    }),
  );
  return (result.Item?.billing as BillingDetails | undefined) ?? null;
}
