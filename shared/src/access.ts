import type { StaffRole } from './platform.ts';

/**
 * Who may call what: the principals the API knows and the rule that admits them to a route. Its
 * own module, so that both the route table and the modules whose schemas it uses (notifications)
 * can name a principal without importing each other.
 */

/** Who is calling: a signed-in client, or a member of one staff group. */
export type Principal = 'CLIENT' | StaffRole;
export const principals: readonly Principal[] = ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'];

/** `public`: anyone, no token. Otherwise the principals allowed (the gateway requires a token). */
export type Access = 'public' | readonly Principal[];

/** Whether a principal (or an anonymous caller, `null`) may call a route with this access. */
export function isAllowed(access: Access, principal: Principal | null): boolean {
  if (access === 'public') return true;
  return principal !== null && access.includes(principal);
}

/** Who may read job applications and their files: personal data, so SUPER_ADMIN only (docs/access.md). */
export const applicationReaders = ['SUPER_ADMIN'] as const satisfies readonly Principal[];

/**
 * Who may read a job's files: its owner, its assigned editor, managers and super-admins. The route
 * admits the roles; the item rule (the owner, the assigned editor) is checked on the job (404).
 */
export const jobFileReaders = ['CLIENT', 'SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const satisfies readonly Principal[];
/** Who may deliver files to a job: its assigned editor (item rule), managers and super-admins. */
export const jobDeliverers = ['EDITOR', 'MANAGER', 'SUPER_ADMIN'] as const satisfies readonly Principal[];

/** Who checks finished images before the client sees them (QC, #33): managers and super-admins. */
export const qcReviewers = ['SUPER_ADMIN', 'MANAGER'] as const satisfies readonly Principal[];
