import type { Job } from '@studio/shared/job';
import { openJobStatuses } from '@studio/shared/job-workflow';

/*
 * A job's due time as staff boards show it (#17): time left ("due in 5 h") or past ("overdue by
 * 2 h"), and the order boards list jobs in: open jobs by due time, soonest (most overdue) first,
 * then open jobs with no due time yet (unpaid), then finished ones. Pure, so the tests fix `now`.
 */

/**
 * Whether the studio still owes work on the job (shared's open statuses, as the server's overdue
 * notices read them): not when delivered (waiting for the client's answer), approved or cancelled.
 * A revision request makes it due again.
 */
export const isOpenWork = (job: Pick<Job, 'status'>): boolean => openJobStatuses.includes(job.status);

export type DueState =
  | { kind: 'not-set' }
  | { kind: 'finished'; dueAt: string | null }
  | { kind: 'due'; dueAt: string; text: string }
  | { kind: 'overdue'; dueAt: string; text: string };

/** `90 min` -> `1 h`, `30 h` -> `30 h`, `3 days 4 h` past two days; under an hour in minutes. */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} days` : `${days} days ${rest} h`;
}

export function dueState(job: Pick<Job, 'status' | 'dueAt'>, now: number): DueState {
  if (!isOpenWork(job)) return { kind: 'finished', dueAt: job.dueAt };
  if (!job.dueAt) return { kind: 'not-set' };
  const left = Date.parse(job.dueAt) - now;
  return left >= 0
    ? { kind: 'due', dueAt: job.dueAt, text: `due in ${durationText(left)}` }
    : { kind: 'overdue', dueAt: job.dueAt, text: `overdue by ${durationText(left)}` };
}

function rank(job: Pick<Job, 'status' | 'dueAt'>): number {
  if (!isOpenWork(job)) return 2;
  return job.dueAt ? 0 : 1;
}

/** The jobs in board order (a new array; jobs that tie keep the order they came in). */
export function byDueTime<T extends Pick<Job, 'status' | 'dueAt'>>(jobs: readonly T[]): T[] {
  return [...jobs].sort((a, b) => {
    const ranked = rank(a) - rank(b);
    if (ranked !== 0 || rank(a) !== 0) return ranked;
    return Date.parse(a.dueAt!) - Date.parse(b.dueAt!);
  });
}
