import { findAccount, staffRoleOf, type AccountRecord } from '../data/staff-accounts.ts';

/** The account `id` names (by its `sub`) when it is an enabled EDITOR; otherwise null. */
export async function enabledEditor(id: string): Promise<AccountRecord | null> {
  const account = await findAccount(id);
  // The id must name the account by its `sub`; an e-mail finding the account is not accepted either.
  if (!account || account.id !== id || !account.enabled) return null;
  return (await staffRoleOf(account.username)) === 'EDITOR' ? account : null;
}
