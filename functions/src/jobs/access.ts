import type { Job } from '@studio/shared/job';
import { roleMay, type OrganisationPermission, type OrganisationRole } from '@studio/shared/organisation';
import type { HistoryActor } from '@studio/shared/payment';
import type { Caller } from '../lib/caller.ts';
import { callerRole } from '../lib/caller-role.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';

/*
 * Item rules of docs/access.md for jobs. A job's existence is private: a caller who may not see it
 * gets the same 404 as for an id that does not exist, so ids cannot be probed.
 *
 * A client's rights on a job are its role in the job's organisation (#35), read from the table on
 * every request (a member who leaves loses them at once): `read` to see the job at all, `order` to
 * cancel, ask for a cancellation and pay, `review` to review images, approve and ask for changes.
 * A job from before organisations (`organisationId` null, until the one-off migration reaches it)
 * keeps the older rule: its own client only, with every right.
 */

/** What a client may do with a job, in words for the 403 of a member whose role does not allow it. */
const permissionWords: Record<Exclude<OrganisationPermission, 'read'>, string> = {
  order: 'order, pay or cancel jobs',
  review: 'review delivered images, approve jobs or ask for changes',
  manage: 'manage the organisation',
};

export const roleRefusal = (role: OrganisationRole, permission: Exclude<OrganisationPermission, 'read'>) =>
  new ForbiddenError(`Your role in this organisation (${role}) cannot ${permissionWords[permission]}.`);

/** The client's role towards a job: its organisation role, or OWNER of its own job not yet migrated. */
async function clientRoleOn(caller: Caller, job: Job): Promise<OrganisationRole | null> {
  if (job.organisationId === null) return job.clientId === caller.userId && !caller.apiKey ? 'OWNER' : null;
  return callerRole(caller, job.organisationId);
}

/** Whether the caller may see the job (staff by their role, a client as a member of its organisation). */
export async function mayReadJob(caller: Caller, job: Job): Promise<boolean> {
  switch (caller.principal) {
    case 'SUPER_ADMIN':
    case 'MANAGER':
      return true;
    case 'EDITOR':
      return job.editorId === caller.userId;
    case 'CLIENT':
      return roleMay(await clientRoleOn(caller, job), 'read');
  }
}

/**
 * The jobs of a client's own list it may still read (a job of an organisation it left is not), with
 * one membership read per organisation of the list rather than per job. Staff lists are the routes'.
 */
export async function mayReadJobs(caller: Caller, jobs: readonly Job[]): Promise<Job[]> {
  if (caller.principal !== 'CLIENT') return [...jobs];
  const roles = new Map<string, Promise<OrganisationRole | null>>();
  const readable = await Promise.all(
    jobs.map(async (job) => {
      if (job.organisationId === null) return job.clientId === caller.userId && !caller.apiKey;
      let role = roles.get(job.organisationId);
      if (!role) roles.set(job.organisationId, (role = callerRole(caller, job.organisationId)));
      return roleMay(await role, 'read');
    }),
  );
  return jobs.filter((_, index) => readable[index]);
}

/**
 * The job, if the caller may take the action: the one item check of every job route. Reading
 * follows `mayReadJob`; `order` and `review` are a client's actions (staff reach them by other
 * routes), so staff get the 404 of an unknown job there, as before organisations. A member who may
 * read the job but not take the action gets a 403 naming its role; anyone else, or no job, a 404.
 */
export async function assertJobPermission(
  caller: Caller,
  job: Job | null,
  permission: Exclude<OrganisationPermission, 'manage'>,
): Promise<Job> {
  if (!job) throw jobNotFound();
  if (caller.principal !== 'CLIENT') {
    if (permission === 'read' && (await mayReadJob(caller, job))) return job;
    throw jobNotFound();
  }
  const role = await clientRoleOn(caller, job);
  if (!roleMay(role, 'read')) throw jobNotFound();
  if (permission !== 'read' && !roleMay(role, permission)) throw roleRefusal(role!, permission);
  return job;
}

export const jobNotFound = () => new NotFoundError('There is no job with this id.');

/** A client lists only its own jobs (403: the user id is in the URL, nothing to hide); staff any. */
export function assertMayListJobsOf(caller: Caller, userId: string): void {
  if (caller.principal === 'CLIENT' && caller.userId !== userId) {
    throw new ForbiddenError('You can only see your own jobs.');
  }
}

/** The caller as a timeline actor (#17): the client, or a staff member with their role. */
export function actorOf(caller: Caller): HistoryActor {
  return caller.principal === 'CLIENT'
    ? { kind: 'client', id: caller.userId, role: null }
    : { kind: 'staff', id: caller.userId, role: caller.principal };
}
