import * as z from 'zod/mini';
import { staffRoles } from './platform.ts';

/** A client account, as the staff user table shows it. */
export const clientUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type ClientUser = z.infer<typeof clientUserSchema>;

/** A staff account. `status` is ACTIVE, or DISABLED when a SUPER_ADMIN switched it off. */
export const staffUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(['ACTIVE', 'DISABLED']),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** `GET api/users`. */
export const listClientsResponseSchema = z.object({ users: z.array(clientUserSchema) });
/** `GET api/admin`. */
export const listStaffResponseSchema = z.object({ admins: z.array(staffUserSchema) });
