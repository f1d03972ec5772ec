import { listStaff } from '../data/accounts.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listStaffRoute: RouteImpl<'listStaff'> = async () => ({ admins: await listStaff() });
