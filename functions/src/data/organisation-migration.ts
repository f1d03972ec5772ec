import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { findAccount } from './account-lookup.ts';
import { allJobsPartition, jobKey, keyNames, migrationStateKey, organisationJobIndexKeys, tableName } from './keys.ts';
import { personalOrganisationOf } from './organisation-members.ts';
import { queryPages } from './query-all.ts';

/*
 * The one-off move of the jobs ordered before organisations (#35; docs/data-model.md, pattern 102):
 * every job without an `organisationId` is given its client's personal organisation (made as
 * needed, named after the client) and that organisation's list keys (GSI6). It reads the all-jobs
 * partition a page at a time (a one-off may read every job; no request does), and each write is
 * conditional on the job still having no organisation, so running it again, or while the site is
 * in use, changes nothing twice. Until a job is moved, its client alone may act on it
 * (jobs/access.ts).
 */

const stateName = 'organisation-jobs';
const pageSize = 500;

export interface OrganisationMigration {
  /** Jobs read without an organisation. */
  checked: number;
  /** Ids of the jobs given their client's personal organisation by this run. */
  moved: string[];
}

interface UnmovedJob {
  id: string;
  clientId: string;
  createdAt: string;
  client?: { name?: string } | null;
}

export async function migrateJobsToOrganisations(
  options: { onPage?: (progress: Readonly<OrganisationMigration>) => void } = {},
): Promise<OrganisationMigration> {
  const result: OrganisationMigration = { checked: 0, moved: [] };
  const pages = queryPages(
    {
      TableName: tableName(),
      IndexName: keyNames.gsi3.name,
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: 'attribute_not_exists(organisationId)',
      ProjectionExpression: 'id, clientId, createdAt, client',
      ExpressionAttributeNames: { '#pk': keyNames.gsi3.partitionKey },
      ExpressionAttributeValues: { ':pk': allJobsPartition },
    },
    pageSize,
  );
  for await (const page of pages) {
    for (const job of (page.Items ?? []) as UnmovedJob[]) {
      result.checked += 1;
      if (await moveJob(job)) result.moved.push(job.id);
    }
    options.onPage?.(result);
  }
  return result;
}

/** Gives one job its client's personal organisation; false when it had one already (moved meanwhile). */
async function moveJob(job: UnmovedJob): Promise<boolean> {
  const organisationId = await personalOrganisationOf(
    job.clientId,
    async () => job.client?.name || (await findAccount(job.clientId))?.name || 'My organisation',
  );
  const keys = organisationJobIndexKeys({ id: job.id, organisationId, createdAt: job.createdAt });
  const names: Record<string, string> = { '#pk': keyNames.pk, '#org': 'organisationId' };
  const values: Record<string, string> = { ':org': organisationId };
  const sets = ['#org = :org'];
  Object.entries(keys).forEach(([name, value], index) => {
    names[`#k${index}`] = name;
    values[`:k${index}`] = value;
    sets.push(`#k${index} = :k${index}`);
  });
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(job.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#org)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * The migration once per table (`npm start`): null when it ran already. Recorded as done, so a
 * start reads every job only the first time; on AWS `npm run repair-open-jobs` runs it.
 */
export async function migrateJobsToOrganisationsOnce(now = new Date()): Promise<OrganisationMigration | null> {
  const done = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: migrationStateKey(stateName), ConsistentRead: true }),
  );
  if (done.Item) return null;
  const result = await migrateJobsToOrganisations();
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...migrationStateKey(stateName),
        type: 'MigrationState',
        checked: result.checked,
        moved: result.moved.length,
        updatedAt: now.toISOString(),
      },
    }),
  );
  return result;
}
