import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentExtension } from '@studio/shared/document-signature';
import { jobTypes, type Application } from '@studio/shared/job-application';
import * as z from 'zod/mini';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import {
  applicationCounterKey,
  applicationIndexKeys,
  applicationKey,
  applicationsPartition,
  keyNames,
  openingApplicationsPartition,
  openingKey,
  tableName,
} from './keys.ts';
import { openingRowOf, queryOpeningRows, type OpeningRow } from './job-openings.ts';
import { outboxItem } from './outbox.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';

/*
 * Job applications. See docs/data-model.md.
 *   PK APPLICATION#<id>  SK APPLICATION  GSI1 APPLICATIONS / <at>#<id>
 *                                        GSI2 OPENING#<openingId> / APPLICATION#<at>#<id>
 *   PK APPLICATIONS      SK COUNT                     applications in all (pattern 25)
 *   PK APPLICATIONS      SK COUNT#OPENING#<openingId>  applications to one opening
 * The opening's title, description and posted date are copied onto the application, so it still
 * reads sensibly if the opening is deleted later; while it exists, the live opening is shown.
 */

const storedDocumentSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  extension: z.enum(['pdf', 'doc', 'docx'] satisfies DocumentExtension[]),
  size: z.number(),
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

/**
 * The application item's attributes, declared once: `NewApplication` is their type, and every
 * read goes through `applicationItemOf` (stored-items.ts).
 */
const applicationFields = {
  id: z.string(),
  jobOpeningId: z.string(),
  email: z.string(),
  fullName: z.string(),
  contactNo: z.string(),
  currentCompany: z.nullable(z.string()),
  currentDesignation: z.nullable(z.string()),
  currentCTC: z.nullable(z.string()),
  expectedCTC: z.nullable(z.string()),
  currentLocation: z.string(),
  overallExperience: z.string(),
  jobType: z.enum(jobTypes),
  noticePeriod: z.string(),
  portfolioLink: z.nullable(z.string()),
  resume: storedDocumentSchema,
  coverLetter: z.nullable(storedDocumentSchema),
  createdAt: z.string(),
  opening: z.object({ title: z.string(), description: z.string(), postedAt: z.nullable(z.string()) }),
};

export type NewApplication = z.infer<z.ZodMiniObject<typeof applicationFields>>;

const applicationItemOf = storedItemReader('job application', applicationFields);

/** An opening as the application routes need it. */
export interface OpeningSummary {
  id: string;
  title: string;
  description: string;
  isActive: boolean;
  postedAt: string | null;
}

function toOpeningSummary(row: OpeningRow): OpeningSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    isActive: row.isActive,
    postedAt: row.postedAt,
  };
}

/** One job opening, active or not; null when there is none. */
export async function getOpening(id: string): Promise<OpeningSummary | null> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName(), Key: openingKey(id) }));
  return result.Item ? toOpeningSummary(openingRowOf(result.Item)) : null;
}

/** Every opening, active or not, newest first (pattern 24; a studio has few). */
export async function listAllOpenings(): Promise<OpeningSummary[]> {
  return (await queryOpeningRows(false)).map(toOpeningSummary);
}

export class OpeningClosedError extends Error {
  constructor() {
    super('the opening is gone or no longer active');
    this.name = 'OpeningClosedError';
  }
}

/**
 * Stores an application (pattern 26): the item, +1 on both counters, and a check that the opening
 * is still active, in one transaction. Concurrent applicants contend for the counters, so a
 * transaction cancelled only by conflicts is retried. Throws {@link OpeningClosedError} when the
 * opening was closed or deleted meanwhile.
 */
export async function createApplication(application: NewApplication): Promise<void> {
  const counter = (openingId?: string) => ({
    Update: {
      TableName: tableName(),
      Key: applicationCounterKey(openingId),
      UpdateExpression: 'ADD #count :one SET #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'ApplicationCounter' },
    },
  });
  const transactItems = [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: openingKey(application.jobOpeningId),
        ConditionExpression: 'attribute_exists(#pk) AND #active = :true',
        ExpressionAttributeNames: { '#pk': keyNames.pk, '#active': 'isActive' },
        ExpressionAttributeValues: { ':true': true },
      },
    },
    {
      Put: newItemPut({
        ...application,
        type: 'JobApplication',
        ...applicationKey(application.id),
        ...applicationIndexKeys(application),
      }),
    },
    counter(),
    counter(application.jobOpeningId),
    outboxItem({
      event: 'application.received',
      application: { id: application.id, fullName: application.fullName, openingTitle: application.opening.title },
    }),
  ];
  try {
    await withRetry(() => transact(transactItems));
  } catch (error) {
    // Item 0 is the check that the opening is still active.
    if (isConditionFailed(error, 0)) throw new OpeningClosedError();
    throw error;
  }
}

export interface ApplicationRecord extends NewApplication {
  /** The live opening, or null when it was deleted. */
  liveOpening: OpeningSummary | null;
}

/** The answer's shape; storage attributes and S3 keys stay on the server. */
export function toApplication(item: NewApplication, opening: OpeningSummary | null | undefined): Application {
  return {
    id: item.id,
    fullName: item.fullName,
    email: item.email,
    contactNo: item.contactNo,
    jobType: item.jobType,
    overallExperience: item.overallExperience,
    currentCTC: item.currentCTC,
    expectedCTC: item.expectedCTC,
    noticePeriod: item.noticePeriod,
    currentCompany: item.currentCompany,
    currentDesignation: item.currentDesignation,
    currentLocation: item.currentLocation,
    portfolioLink: item.portfolioLink,
    createdAt: item.createdAt,
    resumePath: `/api/applications/${item.id}/resume`,
    coverLetterPath: item.coverLetter ? `/api/applications/${item.id}/coverletter` : null,
    resumeFileName: item.resume.fileName,
    coverLetterFileName: item.coverLetter?.fileName ?? null,
    jobOpeningId: item.jobOpeningId,
    jobOpening: opening
      ? {
          id: opening.id,
          title: opening.title,
          description: opening.description,
          postedDate: opening.postedAt,
          isActive: opening.isActive,
        }
      : {
          id: item.jobOpeningId,
          title: item.opening.title,
          description: item.opening.description,
          postedDate: item.opening.postedAt,
          isActive: false,
        },
  };
}

/** One application by id, with its live opening; null when there is none. */
export async function getApplication(id: string): Promise<ApplicationRecord | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: applicationKey(id),
    }),
  );
  if (!result.Item) return null;
  const item = applicationItemOf(result.Item);
  return { ...item, liveOpening: await getOpening(item.jobOpeningId) };
}

async function counterValue(openingId?: string): Promise<number> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: applicationCounterKey(openingId) }),
  );
  return (result.Item?.count as number | undefined) ?? 0;
}

/**
 * Page `page` (from 1) of `limit` applications, newest first, of all openings or of one (pattern
 * 25). DynamoDB cannot skip, so the pages before are read too (their items only as keys); staff
 * page through a few hundred applications at most. The total comes from the counter item.
 */
export async function listApplicationsPage(input: {
  page: number;
  limit: number;
  openingId?: string;
}): Promise<{ items: NewApplication[]; total: number }> {
  const { page, limit, openingId } = input;
  const index = openingId ? keyNames.gsi2 : keyNames.gsi1;
  const pk = openingId ? openingApplicationsPartition(openingId) : applicationsPartition;
  const skip = (page - 1) * limit;
  const total = await counterValue(openingId);
  if (skip >= total) return { items: [], total };

  let start: Record<string, unknown> | undefined;
  let skipped = 0;
  // Skip the earlier pages reading keys only, then read the page itself.
  while (skipped < skip) {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Select: 'COUNT',
        Limit: skip - skipped,
        ExclusiveStartKey: start,
      }),
    );
    skipped += result.Count ?? 0;
    start = result.LastEvaluatedKey;
    if (!start) return { items: [], total };
  }
  const items: NewApplication[] = [];
  while (items.length < limit) {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: limit - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(result.Items ?? []).map(applicationItemOf));
    start = result.LastEvaluatedKey;
    if (!start) break;
  }
  return { items, total };
}
