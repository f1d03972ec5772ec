import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '@studio/shared/platform';
import { contactLeadSchema, freeTrialLeadSchema, type ContactLead, type FreeTrialLead } from '@studio/shared/lead';
import { documentClient } from '../lib/dynamo.ts';
import { isConditionFailed } from '../lib/dynamo-errors.ts';
import { keyNames, leadIndexKeys, leadKey, leadListPartition, leadOnceKey, tableName, type LeadKind } from './keys.ts';
import { outboxItem } from './outbox.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { storedAnswerReader } from './stored-items.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * Leads sent by visitors. See docs/data-model.md.
 *   Contact lead     PK LEAD#<id>  SK CONTACT     GSI1 LEADS#CONTACT / <at>#<id>
 *   Free-trial lead  PK LEAD#<id>  SK FREE_TRIAL  GSI1 LEADS#FREE_TRIAL / <at>#<id>
 * Leads grow without bound, so they are read a page at a time, newest first.
 */

const leadTypes = { contact: 'ContactLead', freeTrial: 'FreeTrialLead' } as const satisfies Record<LeadKind, string>;

/**
 * A lead as stored is the lead staff read (`contactLeadSchema`, `freeTrialLeadSchema`) with its
 * type and keys: declared once, parsed on every read and answered without them (stored-items.ts).
 */
const leadReaders = {
  contact: storedAnswerReader('contact lead', contactLeadSchema.shape),
  freeTrial: storedAnswerReader('free-trial lead', freeTrialLeadSchema.shape),
};

/** How long an identical submission is recognised as the same lead. */
const sameLeadSeconds = 24 * 60 * 60;

/** The fields a visitor sent, in a fixed order, hashed: what makes two submissions the same. */
function submissionHash(kind: LeadKind, lead: Record<string, unknown>): string {
  const { id: _id, createdAt: _at, ...fields } = lead;
  const sorted = Object.keys(fields)
    .sort()
    .map((key) => [key, fields[key]]);
  return createHash('sha256')
    .update(JSON.stringify([kind, sorted]))
    .digest('base64url');
}

/**
 * Stores a lead once per identical submission: the lead and a guard item keyed by the hash of its
 * fields are one transaction. A submission that is sent again (a double click, or a retry after a
 * 503 whose first attempt reached the table late) finds the guard and answers the lead already
 * stored, so a timed-out request never leaves a second copy behind. The outbox item that tells the
 * managers (#18) is in the same transaction, so a repeated submission is announced once.
 * `readStored` parses that stored lead (its kind's reader).
 */
async function putLead<
  T extends { id: string; createdAt: string; name: string | null; email: string; service: string | null },
>(kind: LeadKind, lead: T, readStored: (item: Record<string, unknown>) => T): Promise<T> {
  const guard = leadOnceKey(kind, submissionHash(kind, lead));
  const expiresAt = Math.floor(Date.parse(lead.createdAt) / 1000) + sameLeadSeconds;
  try {
    await transact([
      {
        Put: newItemPut({
          ...lead,
          type: leadTypes[kind],
          ...leadKey(kind, lead.id),
          ...leadIndexKeys(kind, lead.id, lead.createdAt),
        }),
      },
      {
        Put: {
          ...newItemPut({ ...guard, type: 'LeadGuard', leadId: lead.id, [tableDefinition.ttlAttribute]: expiresAt }),
          // An expired guard (DynamoDB removes them some time later) no longer counts.
          ConditionExpression: 'attribute_not_exists(#pk) OR #expiresAt < :now',
          ExpressionAttributeNames: { '#pk': keyNames.pk, '#expiresAt': tableDefinition.ttlAttribute },
          ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
        },
      },
      outboxItem({
        event: 'lead.received',
        lead: { id: lead.id, kind, name: lead.name, email: lead.email, service: lead.service },
      }),
    ]);
    return lead;
  } catch (error) {
    if (!isConditionFailed(error, 1)) throw error;
    const earlier = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: guard, ConsistentRead: true }),
    );
    const leadId = earlier.Item?.leadId as string | undefined;
    const stored = leadId
      ? await documentClient.send(
          new GetCommand({ TableName: tableName(), Key: leadKey(kind, leadId), ConsistentRead: true }),
        )
      : undefined;
    if (!stored?.Item) throw error;
    return readStored(stored.Item);
  }
}

export interface LeadPage<T> {
  leads: T[];
  /** Opaque position to pass back for the next (older) page; null on the last page. */
  next: string | null;
}

async function listLeads(
  kind: LeadKind,
  limit: number,
  next: string | null,
): Promise<LeadPage<Record<string, unknown>>> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keyNames.gsi1.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': keyNames.gsi1.partitionKey },
      ExpressionAttributeValues: { ':pk': leadListPartition(kind) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(
        next,
        {
          names: [keyNames.pk, keyNames.sk, keyNames.gsi1.partitionKey, keyNames.gsi1.sortKey],
          equal: { [keyNames.gsi1.partitionKey]: leadListPartition(kind) },
        },
        'query.next',
      ),
    }),
  );
  return {
    leads: (result.Items ?? []) as Record<string, unknown>[],
    next: encodeCursor(result.LastEvaluatedKey),
  };
}

export type NewContactLead = Omit<ContactLead, 'createdAt'>;

export async function createContactLead(lead: NewContactLead, now = new Date()): Promise<ContactLead> {
  return putLead<ContactLead>('contact', { ...lead, createdAt: now.toISOString() }, leadReaders.contact);
}

/** A page of contact leads (both forms), newest first. */
export async function listContactLeads(limit = 50, next: string | null = null): Promise<LeadPage<ContactLead>> {
  const page = await listLeads('contact', limit, next);
  return {
    next: page.next,
    leads: page.leads.map(leadReaders.contact),
  };
}

export type NewFreeTrialLead = Omit<FreeTrialLead, 'createdAt'>;

export async function createFreeTrialLead(lead: NewFreeTrialLead, now = new Date()): Promise<FreeTrialLead> {
  return putLead<FreeTrialLead>('freeTrial', { ...lead, createdAt: now.toISOString() }, leadReaders.freeTrial);
}

/** A page of free-trial leads, newest first. */
export async function listFreeTrialLeads(limit = 50, next: string | null = null): Promise<LeadPage<FreeTrialLead>> {
  const page = await listLeads('freeTrial', limit, next);
  return {
    next: page.next,
    leads: page.leads.map(leadReaders.freeTrial),
  };
}
