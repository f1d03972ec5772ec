import { adminRoutes } from '@studio/shared/routes/admin';
import { createGroupHandler } from '../lib/http.ts';
import { deleteStaffRoute, inviteStaffRoute, setStaffStatusRoute } from './staff-accounts.ts';
import { listEditorsRoute } from './list-editors.ts';
import { listStaffRoute } from './list-staff.ts';
import { staffSignInRoute } from './staff-sign-in.ts';

export const handler = createGroupHandler(adminRoutes, {
  listStaff: listStaffRoute,
  staffSignIn: staffSignInRoute,
  inviteStaff: inviteStaffRoute,
  setStaffStatus: setStaffStatusRoute,
  deleteStaff: deleteStaffRoute,
  listEditors: listEditorsRoute,
});
