import type { JobStatus } from '@studio/shared/job';
import { canMoveJob } from '@studio/shared/job-workflow';
import { needsMarkerKey, type ItemKeys, type NeedsMarkerList } from './keys.ts';

/*
 * Which marker lists of what needs action a job belongs to (#40, item 9; job-needs.ts writes and
 * reads them), and the end of the studio's day: pure, so the rules are tested on their own.
 */

/** What decides a job's place in the marker lists. */
export interface NeedsFields {
  id: string;
  status: JobStatus;
  createdAt: string;
  editorId?: string | null;
  payment?: { status: string } | null;
  cancellationRequest?: { status: string; requestedAt: string } | null;
}

const unassignedStatuses: readonly JobStatus[] = ['PENDING', 'IN_PROGRESS'];
const unpaidPaymentStatuses: readonly string[] = ['PENDING', 'FAILED', 'MISMATCH'];

/** Open work with no editor. */
export const isUnassigned = (job: NeedsFields) => unassignedStatuses.includes(job.status) && !job.editorId;
/** Neither cancelled nor paid: no payment in, or one still to check (as `GET api/jobs?unpaid=true`). */
export const isUnpaid = (job: NeedsFields) =>
  job.status !== 'CANCELLED' && (!job.payment || unpaidPaymentStatuses.includes(job.payment.status));
/** A request a manager can still decide: the job could still be cancelled. */
export const hasPendingCancellation = (job: NeedsFields) =>
  job.cancellationRequest?.status === 'PENDING' && canMoveJob(job.status, 'CANCELLED');

export interface Marker {
  list: NeedsMarkerList;
  at: string;
  key: ItemKeys;
}

/** The markers the job calls for. */
export function needsMarkersOf(job: NeedsFields | null): Marker[] {
  if (!job) return [];
  const markers: Marker[] = [];
  const add = (list: NeedsMarkerList, at: string) => markers.push({ list, at, key: needsMarkerKey(list, at, job.id) });
  if (isUnassigned(job)) add('unassigned', job.createdAt);
  if (hasPendingCancellation(job)) add('cancellationRequests', job.cancellationRequest!.requestedAt);
  if (isUnpaid(job)) add('unpaid', job.createdAt);
  return markers;
}

/** Every marker the job could have had: those its fields can name, in or out of the lists. */
export function possibleMarkerKeys(job: NeedsFields): ItemKeys[] {
  const keys = [needsMarkerKey('unassigned', job.createdAt, job.id), needsMarkerKey('unpaid', job.createdAt, job.id)];
  if (job.cancellationRequest) {
    keys.push(needsMarkerKey('cancellationRequests', job.cancellationRequest.requestedAt, job.id));
  }
  return keys;
}

/**
 * The first instant of the next day in `timeZone` after `now` (ISO 8601, UTC): the end of "today"
 * in the studio. A day that starts with a daylight-saving jump still ends at its first instant.
 */
export function endOfDayIn(now: Date, timeZone: string): string {
  const wall = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(at))
        .map((part) => [part.type, Number(part.value)]),
    ) as Record<string, number>;
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  };
  const offset = (at: number) => wall(at) - Math.floor(at / 1000) * 1000;
  const today = new Date(wall(now.getTime()));
  const nextMidnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  // The wall time less the offset there; the offset read again at the result (a change of offset
  // between now and midnight).
  let at = nextMidnight - offset(now.getTime());
  at = nextMidnight - offset(at);
  return new Date(at).toISOString();
}
