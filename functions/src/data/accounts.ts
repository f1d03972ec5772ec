import { ListUsersCommand, ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { staffRoles, type StaffRole } from '@studio/shared/platform';
import type { ClientUser, StaffUser } from '@studio/shared/user';
import { cognitoClient } from '../lib/cognito.ts';
import { config } from '../lib/config.ts';

/*
 * Accounts live in the Cognito user pool, not in the table: the pool is the one source of who
 * exists, which group they are in and whether they are enabled.
 */

function attribute(user: UserType, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

function idOf(user: UserType): string {
  return attribute(user, 'sub') ?? user.Username!;
}

async function usersInGroup(role: StaffRole): Promise<UserType[]> {
  const users: UserType[] = [];
  let next: string | undefined;
  do {
    const page = await cognitoClient.send(
      new ListUsersInGroupCommand({ UserPoolId: config().userPoolId, GroupName: role, NextToken: next }),
    );
    users.push(...(page.Users ?? []));
    next = page.NextToken;
  } while (next);
  return users;
}

/** Every staff member with the strongest role they hold, newest first. */
export async function listStaff(): Promise<StaffUser[]> {
  const byId = new Map<string, StaffUser>();
  // staffRoles runs from strongest to weakest, so the first role seen for a user wins.
  const groups = await Promise.all(staffRoles.map(async (role) => ({ role, users: await usersInGroup(role) })));
  for (const { role, users } of groups) {
    for (const user of users) {
      const id = idOf(user);
      if (byId.has(id)) continue;
      const email = attribute(user, 'email') ?? '';
      byId.set(id, {
        id,
        username: attribute(user, 'name') ?? email.split('@')[0] ?? '',
        email,
        role,
        status: user.Enabled === false ? 'DISABLED' : 'ACTIVE',
        createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
      });
    }
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Every client account (every user in no staff group), newest first. */
export async function listClients(): Promise<ClientUser[]> {
  const staffIds = new Set((await Promise.all(staffRoles.map(usersInGroup))).flat().map(idOf));
  const clients: ClientUser[] = [];
  let next: string | undefined;
  do {
    const page = await cognitoClient.send(
      new ListUsersCommand({ UserPoolId: config().userPoolId, PaginationToken: next }),
    );
    for (const user of page.Users ?? []) {
      const id = idOf(user);
      if (staffIds.has(id)) continue;
      const email = attribute(user, 'email') ?? '';
      const name = attribute(user, 'name') ?? '';
      clients.push({
        id,
        username: attribute(user, 'preferred_username') ?? (name || email.split('@')[0] || ''),
        name,
        email,
        isVerified: attribute(user, 'email_verified') === 'true',
        createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
      });
    }
    next = page.PaginationToken;
  } while (next);
  return clients.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
