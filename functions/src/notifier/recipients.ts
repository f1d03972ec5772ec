import { ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { notifications, type NotificationKey } from '@studio/shared/notifications';
import type { StaffRole } from '@studio/shared/platform';
import type { OutboxEvent } from '../data/outbox.ts';
import { findAccount } from '../data/account-lookup.ts';
import { organisationOwnerIds } from '../data/organisation-members.ts';
import { cognitoClient } from '../lib/cognito.ts';
import { config } from '../lib/config.ts';

/*
 * Who receives a notification (shared/src/notifications.ts, `audience`): the job's client and its
 * assigned editor by id, the members of a staff group, or the invited person. Addresses come from
 * the user pool, the one source of accounts; disabled accounts get nothing.
 */

export interface Addressee {
  /** The Cognito `sub`, for preferences; absent for the invitee (essential mail only). */
  userId?: string;
  email: string;
  name: string;
}

function attribute(user: UserType, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

/** How long a staff group's members are kept between invocations: a new manager hears within a minute. */
const groupCacheMs = 60_000;
const groupCache = new Map<StaffRole, { until: number; members: Promise<Addressee[]> }>();

async function readGroup(role: StaffRole): Promise<Addressee[]> {
  const members: Addressee[] = [];
  let next: string | undefined;
  do {
    const page = await cognitoClient.send(
      new ListUsersInGroupCommand({ UserPoolId: config().userPoolId, GroupName: role, NextToken: next }),
    );
    for (const user of page.Users ?? []) {
      const email = attribute(user, 'email');
      if (!email || user.Enabled === false) continue;
      members.push({ userId: attribute(user, 'sub') ?? user.Username, email, name: attribute(user, 'name') ?? '' });
    }
    next = page.NextToken;
  } while (next);
  return members;
}

/** The enabled members of a staff group, cached briefly per container. */
export function groupMembers(role: StaffRole, now = Date.now()): Promise<Addressee[]> {
  const cached = groupCache.get(role);
  if (cached && cached.until > now) return cached.members;
  const members = readGroup(role);
  groupCache.set(role, { until: now + groupCacheMs, members });
  // A failed read is not kept: the next attempt asks again.
  members.catch(() => groupCache.delete(role));
  return members;
}

/** Forgets cached group members (tests that change groups). */
export function clearGroupCache(): void {
  groupCache.clear();
}

async function accountById(id: string | null): Promise<Addressee[]> {
  if (!id) return [];
  const account = await findAccount(id);
  if (!account || !account.enabled || !account.email) return [];
  return [{ userId: account.id, email: account.email, name: account.name }];
}

/** The people one notification of this event goes to (before preferences). */
export async function recipientsOf(key: NotificationKey, event: OutboxEvent): Promise<Addressee[]> {
  const audience = notifications[key].audience;
  switch (audience) {
    case 'client':
      return 'job' in event ? accountById(event.job.clientId) : [];
    case 'editor':
      return 'job' in event ? accountById(event.job.editorId) : [];
    case 'MANAGER':
    case 'SUPER_ADMIN':
      return groupMembers(audience);
    case 'invitee':
      if (event.event === 'staff.invited') {
        return [{ userId: event.invitee.userId, email: event.invitee.email, name: event.invitee.name }];
      }
      // The invited e-mail may have no account yet: no id, no name (an essential e-mail).
      return event.event === 'organisation.invited' ? [{ email: event.invitation.email, name: '' }] : [];
    case 'organisationOwner':
      if (event.event !== 'webhook.disabled') return [];
      return (await Promise.all((await organisationOwnerIds(event.webhook.organisationId)).map(accountById))).flat();
    case 'accountOwner':
      return event.event === 'account.signUpAttempt'
        ? [{ userId: event.account.userId, email: event.account.email, name: event.account.name }]
        : [];
  }
}
