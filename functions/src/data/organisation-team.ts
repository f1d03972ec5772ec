import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod/mini';
import {
  invitationLifetimeDays,
  maxMembersPerOrganisation,
  maxOrganisationsPerAccount,
  roleMay,
  type BillingDetails,
  type Invitation,
  type Member,
  type MyOrganisation,
  type OrganisationPermission,
  organisationRoleSchema,
  type OrganisationRole,
} from '@studio/shared/organisation';
import { documentClient } from '../lib/dynamo.ts';
import { cancellationCodes, isConditionFailed, isTransactionCancelled } from '../lib/dynamo-errors.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import {
  emailInvitationsPartition,
  invitationIndexKeys,
  invitationKey,
  invitationSortKeyPrefix,
  keyNames,
  memberIndexKeys,
  memberKey,
  memberSortKeyPrefix,
  organisationKey,
  organisationPartition,
  personalOrganisationKey,
  tableName,
} from './keys.ts';
import {
  memberItemOf,
  memberRole,
  organisationItemOf,
  type MemberItem,
  type OrganisationItem,
} from './organisation-members.ts';
import { memberships, organisationNotFound, toMyOrganisation } from './organisations.ts';
import { outboxItem } from './outbox.ts';
import { queryAll } from './query-all.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut, transact, withRetry } from './transactions.ts';
import { queryIndexPartition } from './query-all.ts';

/*
 * An organisation's members and invitations (#35, docs/decisions/organisations.md). Every function
 * reads the caller's membership first (consistent, `memberRole`): a non-member gets the 404 of an
 * unknown organisation, a member whose role lacks the permission a 403 naming it. Writes that touch
 * the owners are transactions on the organisation item with a condition on `ownerCount`, so two
 * owners demoting each other at once cannot leave the organisation without one.
 */

/** Who acts, with what their account says (for the member item and the invitation's e-mail). */
export interface Actor {
  accountId: string;
  name: string;
  /** The account's e-mail, when Cognito marks it verified; null otherwise. */
  verifiedEmail: string | null;
  email: string;
}

/** An invitation item's attributes (`invitationItemOf` reads one). */
const invitationFields = {
  type: z.literal('OrganisationInvitation'),
  id: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
  /** Lower case. */
  email: z.string(),
  role: organisationRoleSchema,
  /** As written; EXPIRED is never stored, it is PENDING past `expiresAt` (`statusAt`). */
  status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED']),
  invitedBy: z.object({ accountId: z.string(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedBy: z.optional(z.string()),
  acceptedAt: z.optional(z.string()),
  revokedAt: z.optional(z.string()),
};
export type InvitationItem = z.infer<z.ZodMiniObject<typeof invitationFields>>;
const invitationItemOf = storedItemReader('organisation invitation', invitationFields);

/** Member items keep the name and e-mail the account had when it joined: one query lists them all. */
export type StoredMember = MemberItem;

const permissionWords: Record<OrganisationPermission, string> = {
  read: 'read this organisation',
  order: 'order for this organisation',
  review: 'review this organisation’s work',
  manage: 'manage this organisation’s name, billing details, members and invitations',
};

/** The caller's role, after the 404 of a non-member and the 403 of a role without `permission`. */
export async function requirePermission(
  organisationId: string,
  accountId: string,
  permission: OrganisationPermission,
): Promise<OrganisationRole> {
  const role = await memberRole(organisationId, accountId);
  if (!role) throw organisationNotFound();
  if (!roleMay(role, permission)) {
    throw new ForbiddenError(`A ${role} may not ${permissionWords[permission]}; ask one of its owners.`);
  }
  return role;
}

export function statusAt(item: InvitationItem, now: Date): Invitation['status'] {
  if (item.status === 'PENDING' && item.expiresAt <= now.toISOString()) return 'EXPIRED';
  return item.status;
}

export function toInvitation(item: InvitationItem, now: Date): Invitation {
  return {
    id: item.id,
    organisationId: item.organisationId,
    organisationName: item.organisationName,
    email: item.email,
    role: item.role,
    status: statusAt(item, now),
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    expiresAt: item.expiresAt,
  };
}

function toMember(item: StoredMember): Member {
  return {
    accountId: item.accountId,
    name: item.name ?? '',
    email: item.email ?? '',
    role: item.role,
    joinedAt: item.joinedAt,
  };
}

/** The organisation item with its members and invitations: one consistent query of its partition. */
async function organisationPartitionItems(organisationId: string) {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyNames.pk },
    ExpressionAttributeValues: { ':pk': organisationPartition(organisationId) },
    ConsistentRead: true,
  });
  const sortKey = (item: Record<string, unknown>) => String(item[keyNames.sk]);
  const organisation = items.find((item) => sortKey(item) === 'ORG');
  return {
    organisation: organisation ? organisationItemOf(organisation) : undefined,
    members: items.filter((item) => sortKey(item).startsWith(memberSortKeyPrefix)).map(memberItemOf),
    invitations: items.filter((item) => sortKey(item).startsWith(invitationSortKeyPrefix)).map(invitationItemOf),
  };
}

async function organisationItem(organisationId: string): Promise<OrganisationItem> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: organisationKey(organisationId), ConsistentRead: true }),
  );
  if (!result.Item) throw organisationNotFound();
  return organisationItemOf(result.Item);
}

async function storedMember(organisationId: string, accountId: string): Promise<StoredMember | null> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: memberKey(organisationId, accountId), ConsistentRead: true }),
  );
  return result.Item ? memberItemOf(result.Item) : null;
}

/** The account whose personal organisation this is stays its OWNER. */
async function isPersonalCreator(organisation: OrganisationItem, accountId: string): Promise<boolean> {
  if (!organisation.personal) return false;
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: personalOrganisationKey(accountId), ConsistentRead: true }),
  );
  return result.Item?.organisationId === organisation.id;
}

// --- The organisation's name and billing details --------------------------------------------------

export async function updateOrganisation(
  accountId: string,
  organisationId: string,
  fields: { name: string; billing: BillingDetails },
  now = new Date(),
): Promise<MyOrganisation> {
  const role = await requirePermission(organisationId, accountId, 'manage');
  const updated = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organisationKey(organisationId),
      UpdateExpression: 'SET #name = :name, #billing = :billing, #updatedAt = :now',
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: {
        '#pk': keyNames.pk,
        '#name': 'name',
        '#billing': 'billing',
        '#updatedAt': 'updatedAt',
      },
      ExpressionAttributeValues: { ':name': fields.name, ':billing': fields.billing, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toMyOrganisation(organisationItemOf(updated.Attributes!), role);
}

// --- Members ----------------------------------------------------------------------------------------

/** Every member, owners first, then by name (any member may read them). */
export async function listMembers(
  accountId: string,
  organisationId: string,
  lookup: (accountId: string) => Promise<{ name: string; email: string } | null>,
): Promise<Member[]> {
  await requirePermission(organisationId, accountId, 'read');
  const { members } = await organisationPartitionItems(organisationId);
  // Members made before profiles were kept on the item (an organisation's first OWNER): asked once.
  const filled = await Promise.all(
    members.map(async (member) => {
      if (member.name !== undefined && member.email !== undefined) return member;
      const account = await lookup(member.accountId);
      return { ...member, name: account?.name ?? '', email: account?.email ?? '' };
    }),
  );
  const rank = (role: OrganisationRole) => ['OWNER', 'BUYER', 'REVIEWER', 'VIEWER'].indexOf(role);
  return filled
    .map(toMember)
    .sort(
      (a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name) || a.accountId.localeCompare(b.accountId),
    );
}

const lastOwner = () =>
  new ConflictError('An organisation keeps at least one OWNER: make another member an OWNER first.');
const personalOwner = () =>
  new ConflictError('The creator of a personal organisation stays its OWNER: it cannot be demoted or removed.');
const memberNotFound = () => new NotFoundError('This organisation has no member with this id.');

/**
 * A change of one member (items 0: the member, 1: the organisation's counts), with the caller still an
 * OWNER when it changes another member than itself: the last OWNER's 409, or the 403 of an owner no
 * longer, when a condition fails.
 */
async function writeMemberChange(
  items: Parameters<typeof transact>[0],
  organisationId: string,
  callerId: string,
  targetId: string,
): Promise<void> {
  if (callerId !== targetId) items.push(stillOwner(organisationId, callerId));
  try {
    await transact(items);
  } catch (error) {
    if (isConditionFailed(error, 1)) throw lastOwner();
    if (isConditionFailed(error, 2)) throw new ForbiddenError('You are no longer an OWNER of this organisation.');
    throw error;
  }
}

/** An OWNER changes a member's role (its own too, unless it is the last OWNER). */
export async function updateMemberRole(
  callerId: string,
  organisationId: string,
  targetId: string,
  role: OrganisationRole,
): Promise<Member> {
  await requirePermission(organisationId, callerId, 'manage');
  return withRetry(
    async () => {
      const organisation = await organisationItem(organisationId);
      const target = await storedMember(organisationId, targetId);
      if (!target) throw memberNotFound();
      if (target.role === role) return toMember(target);
      if (target.role === 'OWNER' && (await isPersonalCreator(organisation, targetId))) throw personalOwner();
      const ownerDelta = (role === 'OWNER' ? 1 : 0) - (target.role === 'OWNER' ? 1 : 0);
      const items: Parameters<typeof transact>[0] = [
        {
          Update: {
            TableName: tableName(),
            Key: memberKey(organisationId, targetId),
            UpdateExpression: 'SET #role = :role',
            ConditionExpression: '#role = :was',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':role': role, ':was': target.role },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: organisationKey(organisationId),
            UpdateExpression: 'ADD #owners :delta',
            // Demoting an OWNER needs another one left, counted in this same transaction.
            ConditionExpression: ownerDelta < 0 ? '#owners > :one' : 'attribute_exists(#owners)',
            ExpressionAttributeNames: { '#owners': 'ownerCount' },
            ExpressionAttributeValues: { ':delta': ownerDelta, ...(ownerDelta < 0 ? { ':one': 1 } : {}) },
          },
        },
      ];
      await writeMemberChange(items, organisationId, callerId, targetId);
      return toMember({ ...target, role });
    },
    // The member's role read is optimistic: another change of it meanwhile reads again.
    { retryFailedConditionsAt: [0] },
  );
}

function stillOwner(organisationId: string, accountId: string) {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: memberKey(organisationId, accountId),
      ConditionExpression: '#role = :owner',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':owner': 'OWNER' },
    },
  };
}

/** An OWNER removes a member; any member removes itself (leaves). */
export async function removeMember(callerId: string, organisationId: string, targetId: string): Promise<void> {
  if (callerId !== targetId) await requirePermission(organisationId, callerId, 'manage');
  else await requirePermission(organisationId, callerId, 'read');
  await withRetry(
    async () => {
      const organisation = await organisationItem(organisationId);
      const target = await storedMember(organisationId, targetId);
      if (!target) throw memberNotFound();
      if (await isPersonalCreator(organisation, targetId)) throw personalOwner();
      const owner = target.role === 'OWNER';
      const items: Parameters<typeof transact>[0] = [
        {
          Delete: {
            TableName: tableName(),
            Key: memberKey(organisationId, targetId),
            ConditionExpression: '#role = :was',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':was': target.role },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: organisationKey(organisationId),
            UpdateExpression: owner ? 'ADD #members :minus, #owners :minus' : 'ADD #members :minus',
            ConditionExpression: owner ? '#owners > :one' : 'attribute_exists(#members)',
            ExpressionAttributeNames: { '#members': 'memberCount', ...(owner ? { '#owners': 'ownerCount' } : {}) },
            ExpressionAttributeValues: { ':minus': -1, ...(owner ? { ':one': 1 } : {}) },
          },
        },
      ];
      await writeMemberChange(items, organisationId, callerId, targetId);
    },
    { retryFailedConditionsAt: [0] },
  );
}

// --- Invitations ------------------------------------------------------------------------------------

const isPendingAt = (item: InvitationItem, now: Date) => statusAt(item, now) === 'PENDING';

/**
 * An OWNER invites an e-mail with a role: refused (409) when the e-mail is a member's, when it has
 * a pending invitation to this organisation already, or when members plus pending invitations
 * would pass the limit. Invitations of one organisation are made one at a time (a sequence number
 * on the organisation item, checked in the transaction), so two at once cannot both pass a check.
 */
export async function createInvitation(
  inviter: Actor,
  organisationId: string,
  fields: { email: string; role: OrganisationRole },
  accountOfEmail: (email: string) => Promise<{ id: string } | null>,
  now = new Date(),
): Promise<Invitation> {
  await requirePermission(organisationId, inviter.accountId, 'manage');
  const email = fields.email.trim().toLowerCase();
  const account = await accountOfEmail(email);
  return withRetry(
    async () => {
      const { organisation, members, invitations } = await organisationPartitionItems(organisationId);
      if (!organisation) throw organisationNotFound();
      const isMember = members.some(
        (member) => member.email?.toLowerCase() === email || (account !== null && member.accountId === account.id),
      );
      if (isMember) throw new ConflictError(`${email} is a member of this organisation already.`);
      const pending = invitations.filter((item) => isPendingAt(item, now));
      if (pending.some((item) => item.email === email)) {
        throw new ConflictError(
          `${email} has a pending invitation to this organisation already: revoke it first to send a new one.`,
        );
      }
      if (members.length + pending.length >= maxMembersPerOrganisation) {
        throw new ConflictError(
          `An organisation has at most ${maxMembersPerOrganisation} members and pending invitations together.`,
        );
      }
      const id = ulid(now.getTime());
      const createdAt = now.toISOString();
      const item: InvitationItem = {
        type: 'OrganisationInvitation',
        id,
        organisationId,
        organisationName: organisation.name,
        email,
        role: fields.role,
        status: 'PENDING',
        invitedBy: { accountId: inviter.accountId, name: inviter.name },
        createdAt,
        expiresAt: new Date(now.getTime() + invitationLifetimeDays * 86_400_000).toISOString(),
      };
      const seen = organisation.inviteSeq ?? 0;
      try {
        await transact([
          {
            Update: {
              TableName: tableName(),
              Key: organisationKey(organisationId),
              UpdateExpression: 'SET #seq = :next',
              ConditionExpression: seen === 0 ? 'attribute_not_exists(#seq)' : '#seq = :seen',
              ExpressionAttributeNames: { '#seq': 'inviteSeq' },
              ExpressionAttributeValues: { ':next': seen + 1, ...(seen === 0 ? {} : { ':seen': seen }) },
            },
          },
          {
            Put: newItemPut({
              ...invitationKey(organisationId, id),
              ...invitationIndexKeys(email, createdAt, id),
              ...item,
            }),
          },
          stillOwner(organisationId, inviter.accountId),
          outboxItem(
            {
              event: 'organisation.invited',
              invitation: {
                id,
                organisationId,
                organisationName: organisation.name,
                email,
                role: fields.role,
                invitedByName: inviter.name,
                expiresAt: item.expiresAt,
              },
            },
            now,
          ),
        ]);
      } catch (error) {
        if (isConditionFailed(error, 2)) throw new ForbiddenError('You are no longer an OWNER of this organisation.');
        throw error;
      }
      return toInvitation(item, now);
    },
    // Another invitation made meanwhile: read the partition again (it may now be a duplicate).
    { retryFailedConditionsAt: [0] },
  );
}

/** An OWNER's list: the pending invitations, newest first. */
export async function listPendingInvitations(
  accountId: string,
  organisationId: string,
  now = new Date(),
): Promise<Invitation[]> {
  await requirePermission(organisationId, accountId, 'manage');
  const { invitations } = await organisationPartitionItems(organisationId);
  return invitations
    .filter((item) => isPendingAt(item, now))
    .sort((a, b) => b.id.localeCompare(a.id))
    .map((item) => toInvitation(item, now));
}

const invitationNotFound = () => new NotFoundError('There is no invitation with this id.');
const notPending = (status: Invitation['status']) =>
  new ConflictError(`This invitation is ${status.toLowerCase()}: only a pending invitation can be used or revoked.`);

/** An OWNER revokes a pending invitation; any other state is a 409 naming it. */
export async function revokeInvitation(
  accountId: string,
  organisationId: string,
  invitationId: string,
  now = new Date(),
): Promise<Invitation> {
  await requirePermission(organisationId, accountId, 'manage');
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: invitationKey(organisationId, invitationId), ConsistentRead: true }),
  );
  if (!result.Item) throw invitationNotFound();
  const item = invitationItemOf(result.Item);
  const status = statusAt(item, now);
  if (status !== 'PENDING') throw notPending(status);
  const revokedAt = now.toISOString();
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: invitationKey(organisationId, invitationId),
          UpdateExpression: 'SET #status = :revoked, #revokedAt = :now',
          ConditionExpression: '#status = :pending AND #expiresAt > :now',
          ExpressionAttributeNames: { '#status': 'status', '#revokedAt': 'revokedAt', '#expiresAt': 'expiresAt' },
          ExpressionAttributeValues: { ':revoked': 'REVOKED', ':pending': 'PENDING', ':now': revokedAt },
        },
      },
      stillOwner(organisationId, accountId),
    ]);
  } catch (error) {
    if (isConditionFailed(error, 0)) throw new ConflictError('This invitation was used or revoked meanwhile.');
    if (isConditionFailed(error, 1)) throw new ForbiddenError('You are no longer an OWNER of this organisation.');
    throw error;
  }
  return toInvitation({ ...item, status: 'REVOKED', revokedAt }, now);
}

/** The invitations to one e-mail (the index is eventually consistent: each is read again by key to act). */
async function invitationsTo(email: string): Promise<InvitationItem[]> {
  const items = await queryIndexPartition<Record<string, unknown>>('gsi1', emailInvitationsPartition(email), {
    limit: 100,
    newestFirst: true,
  });
  return items.map(invitationItemOf);
}

/** The pending invitations to the caller's verified e-mail (none without one), newest first. */
export async function listMyInvitations(actor: Actor, now = new Date()): Promise<Invitation[]> {
  if (!actor.verifiedEmail) return [];
  return (await invitationsTo(actor.verifiedEmail))
    .filter((item) => isPendingAt(item, now))
    .map((item) => toInvitation(item, now));
}

/**
 * The caller accepts an invitation to its verified e-mail: one transaction makes the invitation
 * ACCEPTED (it was PENDING and unexpired), the member (it was none) and counts it on the
 * organisation. An invitation to another or an unverified e-mail is the 404 of an unknown one.
 */
export async function acceptInvitation(actor: Actor, invitationId: string, now = new Date()): Promise<MyOrganisation> {
  if (!actor.verifiedEmail) throw invitationNotFound();
  const listed = (await invitationsTo(actor.verifiedEmail)).find((item) => item.id === invitationId);
  if (!listed) throw invitationNotFound();
  const read = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: invitationKey(listed.organisationId, invitationId),
      ConsistentRead: true,
    }),
  );
  if (!read.Item) throw invitationNotFound();
  const item = invitationItemOf(read.Item);
  const status = statusAt(item, now);
  if (status !== 'PENDING') throw notPending(status);
  const organisationId = item.organisationId;
  if (await memberRole(organisationId, actor.accountId)) {
    throw new ConflictError('You are a member of this organisation already.');
  }
  if ((await memberships(actor.accountId)).length >= maxOrganisationsPerAccount) {
    throw new ConflictError(`You can belong to at most ${maxOrganisationsPerAccount} organisations.`);
  }
  const at = now.toISOString();
  const member: StoredMember = {
    type: 'OrganisationMember',
    organisationId,
    accountId: actor.accountId,
    role: item.role,
    joinedAt: at,
    name: actor.name,
    email: actor.email,
  };
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: invitationKey(organisationId, invitationId),
          UpdateExpression: 'SET #status = :accepted, #acceptedAt = :now, #acceptedBy = :account',
          ConditionExpression: '#status = :pending AND #expiresAt > :now',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#acceptedAt': 'acceptedAt',
            '#acceptedBy': 'acceptedBy',
            '#expiresAt': 'expiresAt',
          },
          ExpressionAttributeValues: {
            ':accepted': 'ACCEPTED',
            ':pending': 'PENDING',
            ':now': at,
            ':account': actor.accountId,
          },
        },
      },
      {
        Put: newItemPut({
          ...memberKey(organisationId, actor.accountId),
          ...memberIndexKeys(organisationId, actor.accountId),
          ...member,
        }),
      },
      {
        Update: {
          TableName: tableName(),
          Key: organisationKey(organisationId),
          // An OWNER by invitation counts among the owners too.
          UpdateExpression: item.role === 'OWNER' ? 'ADD #members :one, #owners :one' : 'ADD #members :one',
          ConditionExpression: 'attribute_exists(#members)',
          ExpressionAttributeNames: {
            '#members': 'memberCount',
            ...(item.role === 'OWNER' ? { '#owners': 'ownerCount' } : {}),
          },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
  } catch (error) {
    if (!isTransactionCancelled(error)) throw error;
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed')
      throw new ConflictError('This invitation was used or revoked meanwhile.');
    if (codes[1] === 'ConditionalCheckFailed')
      throw new ConflictError('You are a member of this organisation already.');
    if (codes[2] === 'ConditionalCheckFailed') throw organisationNotFound();
    throw error;
  }
  return toMyOrganisation(await organisationItem(organisationId), item.role);
}
