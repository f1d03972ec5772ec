import type { Job } from '@studio/shared/job';
import { progressMilestones, revisionName, type TimelineKind } from '@studio/shared/job-lifecycle';
import { historyEntrySchema, type HistoryActor } from '@studio/shared/payment';
import { ulid } from 'ulid';
import * as z from 'zod/mini';
import { jobHistoryKey } from './keys.ts';
import { storedItemReader } from './stored-items.ts';
import { newItemPut } from './transactions.ts';

/*
 * A job's timeline (issue 17): the append-only history items of #16 (`JOB#<id>` /
 * `HISTORY#<at>#<entryId>`), with more kinds than `payment`. Each entry is put in the same
 * transaction as the change it records, so there is one entry per change and none for a change
 * that was refused (its transaction failed).
 */

/**
 * A history item's attributes, declared once: the entry as the API answers it, the job's id and
 * what else the change kept (`details`). Every read goes through `historyItemOf` (stored-items.ts).
 */
const historyItemFields = {
  ...historyEntrySchema.shape,
  type: z.literal('JobHistory'),
  jobId: z.string(),
  details: z.record(z.string(), z.unknown()),
};
export type HistoryItem = z.infer<z.ZodMiniObject<typeof historyItemFields>>;

/** A history item as read from the table, parsed; a `StoredItemError` (a 500) if it is not one. */
export const historyItemOf = storedItemReader('job history entry', historyItemFields);

/** What a timeline entry says; the data layer adds id, time and keys. */
export interface TimelineInput {
  kind: TimelineKind;
  action: string;
  /** Shown to the client and staff, e.g. 'Revision 1 requested' (round 2 is the first revision). */
  summary: string;
  details?: Record<string, unknown>;
}

/** The put of one timeline entry, as a transaction part. */
export function timelineEntryPut(jobId: string, at: string, entry: TimelineInput, actor: HistoryActor) {
  const id = ulid(Date.parse(at));
  const item: HistoryItem = {
    type: 'JobHistory',
    jobId,
    id,
    at,
    kind: entry.kind,
    action: entry.action,
    actor,
    summary: entry.summary,
    paymentStatus: null,
    details: entry.details ?? {},
  };
  return { Put: newItemPut({ ...jobHistoryKey(jobId, at, id), ...item }) };
}

/** A staff member, the client, or the studio's own schedule (auto-approval) as a timeline actor. */
export const actors = {
  staff: (userId: string, role: string): HistoryActor => ({ kind: 'staff', id: userId, role }),
  client: (userId: string): HistoryActor => ({ kind: 'client', id: userId, role: null }),
  system: (): HistoryActor => ({ kind: 'system', id: null, role: null }),
};

/** The highest progress milestone a change reached or passed going up, or null. */
export function milestoneReached(before: number, after: number): number | null {
  const reached = progressMilestones.filter((milestone) => before < milestone && after >= milestone);
  return reached.length > 0 ? reached[reached.length - 1]! : null;
}

/**
 * The one timeline entry a staff change of a job makes, from the job before and after it (pure,
 * unit tested), or null for a change the timeline does not record (instructions, a link, progress
 * between milestones). A change that does several things at once is recorded by the one that
 * matters most: cancelled, delivered, reopened, revision started, assigned, work started, a
 * progress milestone.
 */
export function jobChangeEntry(before: Job, after: Job): TimelineInput | null {
  const round = after.round ?? 1;
  if (after.status !== before.status) {
    if (after.status === 'CANCELLED') {
      return { kind: 'cancellation', action: 'cancelled', summary: 'Cancelled by the studio' };
    }
    if (after.status === 'DELIVERED') {
      return {
        kind: 'delivered',
        action: 'delivered',
        summary: round > 1 ? `Delivered again (${revisionName(round)!.toLowerCase()})` : 'Delivered',
        details: { round, deliverableCount: after.deliverableCount, link: Boolean(after.editorDropboxLink) },
      };
    }
    if (before.status === 'DELIVERED' && after.status === 'IN_PROGRESS') {
      return {
        kind: 'reopened',
        action: 'reopened',
        summary:
          round > 1
            ? `Reopened by the studio for more work (${revisionName(round)!.toLowerCase()})`
            : 'Reopened by the studio for more work',
        details: { round, progress: after.progress },
      };
    }
    if (before.status === 'REVISION_REQUESTED' && after.status === 'IN_PROGRESS') {
      return { kind: 'revision', action: 'started', summary: `${revisionName(round)} started`, details: { round } };
    }
  }
  if (after.editorId && after.editorId !== before.editorId) {
    return {
      kind: 'assigned',
      action: before.editorId ? 'reassigned' : 'assigned',
      summary: before.editorId ? 'Reassigned to another editor' : 'Assigned to an editor',
      details: { editorId: after.editorId },
    };
  }
  if (before.status === 'PENDING' && after.status === 'IN_PROGRESS') {
    return { kind: 'progress', action: 'started', summary: 'Work started', details: { progress: after.progress } };
  }
  const milestone = milestoneReached(before.progress, after.progress);
  if (milestone !== null) {
    return {
      kind: 'progress',
      action: 'milestone',
      summary: `Progress reached ${milestone} %`,
      details: { milestone, progress: after.progress, round },
    };
  }
  return null;
}
