import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactLead, FreeTrialLead } from '@studio/shared/lead';
import { documentClient } from '../lib/dynamo.ts';
import { keyNames, leadIndexKeys, leadKey, leadListPartition, tableName, type LeadKind } from './keys.ts';
import { outboxItem } from './outbox.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * Leads sent by visitors. See docs/data-model.md.
 *   Contact lead     PK LEAD#<id>  SK CONTACT     GSI1 LEADS#CONTACT / <at>#<id>
 *   Free-trial lead  PK LEAD#<id>  SK FREE_TRIAL  GSI1 LEADS#FREE_TRIAL / <at>#<id>
 * Leads grow without bound, so they are read a page at a time, newest first.
 */

const leadTypes = { contact: 'ContactLead', freeTrial: 'FreeTrialLead' } as const satisfies Record<LeadKind, string>;

/** Stores a lead and, in the same transaction, the outbox item that tells the managers. */
async function putLead(
  kind: LeadKind,
  lead: { id: string; createdAt: string; name: string | null; email: string; service: string | null },
) {
  await transact([
    {
      Put: newItemPut({
        ...lead,
        type: leadTypes[kind],
        ...leadKey(kind, lead.id),
        ...leadIndexKeys(kind, lead.id, lead.createdAt),
      }),
    },
    outboxItem({
      event: 'lead.received',
      lead: { id: lead.id, kind, name: lead.name, email: lead.email, service: lead.service },
    }),
  ]);
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
      ExclusiveStartKey: next
        ? (JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as Record<string, unknown>)
        : undefined,
    }),
  );
  return {
    leads: (result.Items ?? []) as Record<string, unknown>[],
    next: result.LastEvaluatedKey ? Buffer.from(JSON.stringify(result.LastEvaluatedKey)).toString('base64url') : null,
  };
}

export type NewContactLead = Omit<ContactLead, 'createdAt'>;

export async function createContactLead(lead: NewContactLead, now = new Date()): Promise<ContactLead> {
  const stored: ContactLead = { ...lead, createdAt: now.toISOString() };
  await putLead('contact', stored);
  return stored;
}

/** A page of contact leads (both forms), newest first. */
export async function listContactLeads(limit = 50, next: string | null = null): Promise<LeadPage<ContactLead>> {
  const page = await listLeads('contact', limit, next);
  return {
    next: page.next,
    leads: page.leads.map((item) => ({
      id: item.id as string,
      source: item.source as ContactLead['source'],
      name: item.name as string,
      email: item.email as string,
      phone: (item.phone as string | null) ?? null,
      service: (item.service as string | null) ?? null,
      description: item.description as string,
      consentPersonalData: (item.consentPersonalData as boolean | null) ?? null,
      consentOffers: (item.consentOffers as boolean | null) ?? null,
      createdAt: item.createdAt as string,
    })),
  };
}

export type NewFreeTrialLead = Omit<FreeTrialLead, 'createdAt'>;

export async function createFreeTrialLead(lead: NewFreeTrialLead, now = new Date()): Promise<FreeTrialLead> {
  const stored: FreeTrialLead = { ...lead, createdAt: now.toISOString() };
  await putLead('freeTrial', stored);
  return stored;
}

/** A page of free-trial leads, newest first. */
export async function listFreeTrialLeads(limit = 50, next: string | null = null): Promise<LeadPage<FreeTrialLead>> {
  const page = await listLeads('freeTrial', limit, next);
  return {
    next: page.next,
    leads: page.leads.map((item) => ({
      id: item.id as string,
      serviceId: item.serviceId as string,
      service: item.service as string,
      brief: item.brief as string,
      name: item.name as string,
      email: item.email as string,
      format: item.format as FreeTrialLead['format'],
      imageLink: item.imageLink as string,
      createdAt: item.createdAt as string,
    })),
  };
}
