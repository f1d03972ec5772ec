import { ulid } from 'ulid';
import {
  compareMyOrganisations,
  maxOrganisationsPerAccount,
  type BillingDetails,
  type MyOrganisation,
  type OrganisationRole,
} from '@studio/shared/organisation';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { batchGet } from './batch-get.ts';
import { accountOrganisationsPartition, organisationKey } from './keys.ts';
import {
  memberRole,
  newOrganisationWrites,
  memberItemOf,
  organisationItemOf,
  personalOrganisationOf,
  type MemberItem,
  type OrganisationItem,
} from './organisation-members.ts';
import { queryIndexPartition } from './query-all.ts';
import { transact } from './transactions.ts';

/*
 * Organisations as their members see them (#35): create one, list the caller's, read one. Members,
 * roles and invitations are in their own modules.
 */

export const organisationNotFound = () => new NotFoundError('There is no organisation with this id.');

export function toMyOrganisation(item: OrganisationItem, role: OrganisationRole): MyOrganisation {
  return {
    id: item.id,
    name: item.name,
    personal: item.personal,
    billing: item.billing,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    role,
  };
}

/** The account's member items (at most `maxOrganisationsPerAccount`, one page). */
export async function memberships(accountId: string): Promise<MemberItem[]> {
  // An account belongs to at most `maxOrganisationsPerAccount`: one page holds them all.
  const items = await queryIndexPartition<Record<string, unknown>>('gsi1', accountOrganisationsPartition(accountId), {
    limit: maxOrganisationsPerAccount + 1,
  });
  return items.map(memberItemOf);
}

/**
 * Every organisation the account is a member of, with its role: the personal one first (made now
 * if the account has none yet), then by name. The index is read eventually consistent; a
 * membership made a moment ago may be missing for that moment, never one removed (each item read
 * is checked by key).
 */
export async function listMyOrganisations(
  accountId: string,
  personalName: () => Promise<string>,
): Promise<MyOrganisation[]> {
  await personalOrganisationOf(accountId, personalName);
  const found = await memberships(accountId);
  const organisations = (await batchGet(found.map((member) => organisationKey(member.organisationId)))).map(
    organisationItemOf,
  );
  const roles = new Map(found.map((member) => [member.organisationId, member.role]));
  return organisations.map((item) => toMyOrganisation(item, roles.get(item.id)!)).sort(compareMyOrganisations);
}

/** The organisation as the caller sees it; a non-member gets the 404 of an unknown id. */
export async function getOrganisationFor(accountId: string, id: string): Promise<MyOrganisation> {
  const role = await memberRole(id, accountId);
  if (!role) throw organisationNotFound();
  const [item] = await batchGet([organisationKey(id)]);
  if (!item) throw organisationNotFound();
  return toMyOrganisation(organisationItemOf(item), role);
}

/** A new organisation with the caller as its OWNER. */
export async function createOrganisation(
  accountId: string,
  fields: { name: string; billing?: BillingDetails },
  now = new Date(),
  profile?: { name: string; email: string },
): Promise<MyOrganisation> {
  if ((await memberships(accountId)).length >= maxOrganisationsPerAccount) {
    throw new ConflictError(`You can belong to at most ${maxOrganisationsPerAccount} organisations.`);
  }
  const id = ulid(now.getTime());
  const at = now.toISOString();
  await transact(
    newOrganisationWrites({
      id,
      name: fields.name,
      personal: false,
      ownerId: accountId,
      billing: fields.billing,
      now: at,
      ownerProfile: profile,
    }),
  );
  return getOrganisationFor(accountId, id);
}
