import { createGroupHandler } from '../lib/http.ts';
import { listStaffRoute } from './list-staff.ts';

export const handler = createGroupHandler('admin', { listStaff: listStaffRoute });
