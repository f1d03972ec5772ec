import { emptyObjectSchema } from '../ids.ts';
import { listEditorsResponseSchema } from '../job-workflow.ts';
import {
  accountIdParamsSchema,
  deletedAccountResponseSchema,
  inviteStaffBodySchema,
  setStaffStatusBodySchema,
  staffAccountResponseSchema,
  staffSignInBodySchema,
  staffSignInResponseSchema,
} from '../staff.ts';
import { listStaffResponseSchema } from '../user.ts';
import { route, type RouteDefinition } from './route.ts';

/** The routes of the `admin` group (one Lambda function). */
export const adminRoutes = {
  listStaff: route({
    method: 'GET',
    path: 'api/admin',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listStaffResponseSchema,
  }),
  staffSignIn: route({
    method: 'POST',
    path: 'api/admin/signin',
    group: 'admin',
    access: 'public',
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: staffSignInBodySchema,
    response: staffSignInResponseSchema,
  }),
  inviteStaff: route({
    method: 'POST',
    path: 'api/admin/invite',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    body: inviteStaffBodySchema,
    response: staffAccountResponseSchema,
    successStatus: 201,
  }),
  setStaffStatus: route({
    method: 'PUT',
    path: 'api/admin/{id}/status',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: accountIdParamsSchema,
    query: emptyObjectSchema,
    body: setStaffStatusBodySchema,
    response: staffAccountResponseSchema,
  }),
  deleteStaff: route({
    method: 'DELETE',
    path: 'api/admin/{id}',
    group: 'admin',
    access: ['SUPER_ADMIN'],
    params: accountIdParamsSchema,
    query: emptyObjectSchema,
    response: deletedAccountResponseSchema,
  }),
  listEditors: route({
    method: 'GET',
    path: 'api/admin/editors',
    group: 'admin',
    access: ['SUPER_ADMIN', 'MANAGER'],
    params: emptyObjectSchema,
    query: emptyObjectSchema,
    response: listEditorsResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition & { group: 'admin' }>;
