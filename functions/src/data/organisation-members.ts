import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod/mini';
import {
  billingDetailsSchema,
  emptyBillingDetails,
  organisationRoleSchema,
  type BillingDetails,
  type OrganisationRole,
} from '@studio/shared/organisation';
import { documentClient } from '../lib/dynamo.ts';
import { isTransactionCancelled } from '../lib/dynamo-errors.ts';
import {
  keyNames,
  memberIndexKeys,
  memberKey,
  memberSortKeyPrefix,
  organisationKey,
  organisationPartition,
  personalOrganisationKey,
  tableName,
} from './keys.ts';
import { queryAll } from './query-all.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * Who belongs to an organisation, as every job and organisation route checks it (#35,
 * docs/data-model.md "Organisations"). The membership is read from the table on every request,
 * strongly consistent, never cached: a member removed or demoted loses the access at once.
 */

/**
 * The organisation item's attributes, declared once: `OrganisationItem` is their type, and every
 * read goes through `organisationItemOf` (stored-items.ts). The billing details are checked as they
 * were written (`billingDetailsSchema`).
 */
const organisationFields = {
  type: z.literal('Organisation'),
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  billing: billingDetailsSchema,
  /** Accepted members; pending invitations are counted apart (`pendingInvitations`). */
  memberCount: z.number(),
  /** Members whose role is OWNER: never below 1. */
  ownerCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Moved on by each invitation, on condition, so that two at once cannot both pass the limit; absent before the first. */
  inviteSeq: z.optional(z.number()),
};
export type OrganisationItem = z.infer<z.ZodMiniObject<typeof organisationFields>>;
export const organisationItemOf = storedItemReader('organisation', organisationFields);

/** A member item's attributes (`memberItemOf` reads one). */
const memberFields = {
  type: z.literal('OrganisationMember'),
  organisationId: z.string(),
  accountId: z.string(),
  role: organisationRoleSchema,
  joinedAt: z.string(),
  /**
   * The account's name and e-mail when it joined (the member list reads them from here, one query
   * for 200 members). Absent on a personal organisation's first OWNER, looked up when listed.
   */
  name: z.optional(z.string()),
  email: z.optional(z.string()),
};
export type MemberItem = z.infer<z.ZodMiniObject<typeof memberFields>>;
export const memberItemOf = storedItemReader('organisation member', memberFields);

/** The account ids of an organisation's OWNERs (#36: a webhook turned off is told to them). */
export async function organisationOwnerIds(organisationId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': keyNames.pk, '#sk': keyNames.sk },
    ExpressionAttributeValues: { ':pk': organisationPartition(organisationId), ':prefix': memberSortKeyPrefix },
  });
  return items.filter((item) => item.role === 'OWNER').map((item) => String(item.accountId));
}

/** The caller's role in an organisation, or null when it is not a member (or there is none). */
export async function memberRole(organisationId: string, accountId: string): Promise<OrganisationRole | null> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: memberKey(organisationId, accountId),
      ConsistentRead: true,
      ProjectionExpression: '#role',
      ExpressionAttributeNames: { '#role': 'role' },
    }),
  );
  const parsed = organisationRoleSchema.safeParse(result.Item?.role);
  return parsed.success ? parsed.data : null;
}

/** The items that make a new organisation with its first member, an OWNER (one transaction). */
export function newOrganisationWrites(options: {
  id: string;
  name: string;
  personal: boolean;
  ownerId: string;
  billing?: BillingDetails;
  now: string;
  /** The OWNER's name and e-mail, kept on its member item for the member list. */
  ownerProfile?: { name: string; email: string };
}) {
  const { id, name, personal, ownerId, billing = emptyBillingDetails, now, ownerProfile } = options;
  const organisation: OrganisationItem = {
    type: 'Organisation',
    id,
    name,
    personal,
    billing,
    memberCount: 1,
    ownerCount: 1,
    createdAt: now,
    updatedAt: now,
  };
  const member: MemberItem = {
    type: 'OrganisationMember',
    organisationId: id,
    accountId: ownerId,
    role: 'OWNER',
    joinedAt: now,
    ...(ownerProfile ? { name: ownerProfile.name, email: ownerProfile.email } : {}),
  };
  return [
    { Put: newItemPut({ ...organisationKey(id), ...organisation }) },
    { Put: newItemPut({ ...memberKey(id, ownerId), ...memberIndexKeys(id, ownerId), ...member }) },
  ];
}

/**
 * The id of the account's personal organisation, made the first time one is needed (its first order,
 * its list of organisations, the one-off migration). Two first needs at once make one: the account's
 * pointer item is written on condition, and the loser reads the winner's. `name` (the account's
 * name, from Cognito) is asked for only when the organisation is made.
 */
export async function personalOrganisationOf(
  accountId: string,
  name: () => Promise<string>,
  now = new Date(),
): Promise<string> {
  const pointer = personalOrganisationKey(accountId);
  const existing = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: pointer, ConsistentRead: true }),
  );
  if (typeof existing.Item?.organisationId === 'string') return existing.Item.organisationId;
  const id = ulid(now.getTime());
  const at = now.toISOString();
  try {
    await transact([
      { Put: newItemPut({ ...pointer, type: 'PersonalOrganisation', accountId, organisationId: id }) },
      ...newOrganisationWrites({ id, name: await name(), personal: true, ownerId: accountId, now: at }),
    ]);
    return id;
  } catch (error) {
    if (!isTransactionCancelled(error)) throw error;
    const winner = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: pointer, ConsistentRead: true }),
    );
    if (typeof winner.Item?.organisationId === 'string') return winner.Item.organisationId;
    throw error;
  }
}
