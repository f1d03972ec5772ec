import { whenTokensCount } from '../data/account-status.ts';
import { listStaff } from '../data/accounts.ts';
import { listJobsOfEditor, unfinishedStatuses } from '../data/job-workflow.ts';
import { putOutboxItem } from '../data/outbox.ts';
import {
  deleteAccount,
  findAccount,
  inviteStaffAccount,
  setAccountEnabled,
  staffRoleOf,
  staffUserOf,
  type AccountRecord,
} from '../data/staff-accounts.ts';
import type { Caller } from '../lib/caller.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';
import { awsErrorName } from '../users/cognito-errors.ts';

/*
 * Staff accounts, SUPER_ADMIN only (route access). The rules (docs/decisions/staff-accounts-and-job-workflow.md, "Staff accounts"):
 * nobody disables or deletes their own account, the last enabled SUPER_ADMIN is never disabled or
 * deleted, and an editor with unfinished jobs is not deleted until they are reassigned.
 */

const staffNotFound = () => new NotFoundError('There is no staff account with this id.');

/** The staff account with this id (`sub`), with its role; 404 for a client or an unknown id. */
async function staffAccount(id: string) {
  const account = await findAccount(id);
  if (!account || account.id !== id) throw staffNotFound();
  const role = await staffRoleOf(account.username);
  if (!role) throw staffNotFound();
  return { account, role };
}

function refuseSelf(caller: Caller, account: AccountRecord, action: string) {
  if (account.id === caller.userId) throw new ConflictError(`You cannot ${action} your own account.`);
}

async function refuseLastSuperAdmin(account: AccountRecord, action: string) {
  const others = (await listStaff()).filter(
    (member) => member.role === 'SUPER_ADMIN' && member.status === 'ACTIVE' && member.id !== account.id,
  );
  if (others.length === 0) {
    throw new ConflictError(`You cannot ${action} the last active SUPER_ADMIN; invite another one first.`);
  }
}

/**
 * Cognito creates the account and e-mails the temporary password; the outbox item for the welcome
 * e-mail (the console's address) follows the account, which is not a table write to share a
 * transaction with. Were that put to fail, the invitation stands without the welcome e-mail.
 */
export const inviteStaffRoute: RouteImpl<'inviteStaff'> = async ({ body, log }) => {
  try {
    const admin = await inviteStaffAccount({ email: body.email, name: body.username, role: body.role });
    await putOutboxItem({
      event: 'staff.invited',
      invitee: { userId: admin.id, email: admin.email, name: admin.username, role: admin.role },
    }).catch((error: unknown) => log.error('welcome e-mail not queued', { error: String(error) }));
    return { admin };
  } catch (error) {
    if (awsErrorName(error) === 'UsernameExistsException' || awsErrorName(error) === 'AliasExistsException') {
      throw new ConflictError('An account with this e-mail already exists.');
    }
    throw error;
  }
};

export const setStaffStatusRoute: RouteImpl<'setStaffStatus'> = async ({ params, body, caller }) => {
  const { account, role } = await staffAccount(params.id);
  const enable = body.status === 'ACTIVE';
  if (!enable) {
    refuseSelf(caller!, account, 'disable');
    if (role === 'SUPER_ADMIN') await refuseLastSuperAdmin(account, 'disable');
  }
  if (account.enabled !== enable) {
    const { tokensValidAfter } = await setAccountEnabled(account, enable);
    // Enabled again: answered once a sign-in of the member is sure to count (data/account-status.ts).
    if (enable) await whenTokensCount(tokensValidAfter);
  }
  return { admin: staffUserOf({ ...account, enabled: enable }, role) };
};

export const deleteStaffRoute: RouteImpl<'deleteStaff'> = async ({ params, caller }) => {
  const { account, role } = await staffAccount(params.id);
  refuseSelf(caller!, account, 'delete');
  if (role === 'SUPER_ADMIN') await refuseLastSuperAdmin(account, 'delete');
  const unfinished = (await listJobsOfEditor(account.id)).filter((job) => unfinishedStatuses.includes(job.status));
  if (unfinished.length > 0) {
    throw new ConflictError(
      `This editor has ${unfinished.length} unfinished job(s). Reassign them on the assign page first.`,
    );
  }
  await deleteAccount(account);
  return { message: 'Staff account deleted.', id: account.id };
};
