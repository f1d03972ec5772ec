import type { Job } from '@studio/shared/job';
import type { HistoryActor } from '@studio/shared/payment';
import type { Caller } from '../lib/caller.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';

/*
 * Item rules of docs/access.md for jobs. A job's existence is private: a caller who may not see it
 * gets the same 404 as for an id that does not exist, so ids cannot be probed.
 */

export function mayReadJob(caller: Caller, job: Job): boolean {
  switch (caller.principal) {
    case 'SUPER_ADMIN':
    case 'MANAGER':
      return true;
    case 'EDITOR':
      return job.editorId === caller.userId;
    case 'CLIENT':
      return job.clientId === caller.userId;
  }
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

/** A job the caller owns (a client); anyone else's, or none, is the 404 of an unknown job. */
export function assertOwnJob(caller: Caller, job: Job | null): asserts job is Job {
  if (!job || caller.principal !== 'CLIENT' || job.clientId !== caller.userId) throw jobNotFound();
}
