import { listStaff } from '../data/accounts.ts';
import type { RouteImpl } from '../lib/http.ts';

/** Only enabled staff whose strongest role is EDITOR are offered for assignment (spec §6). */
export const listEditorsRoute: RouteImpl<'listEditors'> = async () => {
  const staff = await listStaff();
  return {
    editors: staff
      .filter((member) => member.role === 'EDITOR' && member.status === 'ACTIVE')
      .map(({ id, username, email }) => ({ id, username, email }))
      .sort((a, b) => a.username.localeCompare(b.username)),
  };
};
