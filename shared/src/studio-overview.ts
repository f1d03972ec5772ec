import * as z from 'zod/mini';
import { queryInt } from './carousel.ts';
import { firstTimeApprovalSchema } from './image-review.ts';
import { jobSchema, jobStatuses, userIdSchema } from './job.ts';
import { cursorSchema } from './ids.ts';

/*
 * `GET api/studio/overview` (MANAGER, SUPER_ADMIN): the studio's state on the console's first
 * screen (#40, item 9). An object of named sections: what needs action now, and figures over a
 * chosen period. Every figure comes from counts kept on write or from a key-range count of an index:
 * never a read of every job per view.
 */

/** Months the overview covers by default, the current one included. */
export const overviewMonths = 6;
/** The longest period the figures may cover, in months. */
export const maxOverviewMonths = 24;
/** A job still unpaid this many whole days after it was created needs action. */
export const unpaidAfterDays = 3;
/** Leads and applications received within this many days are new. */
export const newWithinDays = 7;

const count = z.int().check(z.minimum(0));
const monthSchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, yyyy-mm'));

// ---------------------------------------------------------------------------------------------
// What needs action now

/**
 * The counts of "needs action", each the exact size of the list it links to (`GET api/jobs?needs=`
 * for the job counts, the QC board, the leads and applications pages):
 * - `overdue`: jobs the studio owes work on (open statuses) whose due time has passed;
 * - `dueToday`: open jobs due from now to the end of today in the studio's time zone;
 * - `waitingForQc`: images waiting for QC (the `/qc` board);
 * - `unassigned`: open jobs (PENDING, IN_PROGRESS) with no editor;
 * - `cancellationRequests`: jobs whose cancellation request waits for a decision;
 * - `unpaid`: jobs neither cancelled nor paid (no payment, PENDING, FAILED or MISMATCH) created
 *   more than {@link unpaidAfterDays} days ago;
 * - `newLeads`: contact and free-trial leads received in the last {@link newWithinDays} days;
 * - `newApplications`: job applications received in the last {@link newWithinDays} days.
 */
export const needsActionKeys = [
  'overdue',
  'dueToday',
  'waitingForQc',
  'unassigned',
  'cancellationRequests',
  'unpaid',
  'newLeads',
  'newApplications',
] as const;
export type NeedsActionKey = (typeof needsActionKeys)[number];

/** The "needs action" counts that are lists of jobs: `GET api/jobs?needs=<key>` answers each. */
export const jobNeedsKeys = ['overdue', 'dueToday', 'unassigned', 'cancellationRequests', 'unpaid'] as const;
export type JobNeedsKey = (typeof jobNeedsKeys)[number];
export const jobNeedsKeySchema = z.enum(jobNeedsKeys);

export const needsActionSchema = z.object({
  overdue: count,
  dueToday: count,
  waitingForQc: count,
  unassigned: count,
  cancellationRequests: count,
  unpaid: count,
  newLeads: count,
  newApplications: count,
});
export type NeedsAction = z.infer<typeof needsActionSchema>;

// ---------------------------------------------------------------------------------------------
// Figures over a period

/** `GET api/studio/overview?from=yyyy-mm&to=yyyy-mm`: both or neither; `from <= to`, at most 24 months. */
export const studioOverviewQuerySchema = z
  .strictObject({
    /** The first month of the figures (UTC); default: {@link overviewMonths} months up to `to`. */
    from: z.optional(monthSchema),
    /** The last month of the figures (UTC); default: the current month. */
    to: z.optional(monthSchema),
  })
  .check(
    z.refine((query) => (query.from === undefined) === (query.to === undefined), {
      message: 'give both from and to, or neither',
      path: ['from'],
    }),
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'must be a month before or equal to to',
      path: ['from'],
    }),
    z.refine((query) => !query.from || !query.to || monthsBetween(query.from, query.to) <= maxOverviewMonths, {
      message: `the period can be at most ${maxOverviewMonths} months`,
      path: ['from'],
    }),
  );
export type StudioOverviewQuery = z.infer<typeof studioOverviewQuerySchema>;

/** One calendar month (UTC) of first-time approval: the jobs approved in it, their figures together. */
export const firstTimeApprovalMonthSchema = z.object({
  ...firstTimeApprovalSchema.shape,
  /** `yyyy-mm` (UTC). */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
});
export type FirstTimeApprovalMonth = z.infer<typeof firstTimeApprovalMonthSchema>;

/**
 * Money received in one month (UTC) in one currency: card payments and transfers that made a job
 * PAID in that month (`paidCents`, `jobs`), and refunds made in that month (`refundedCents`).
 * A month with nothing in a currency has no entry for it.
 */
export const revenueMonthSchema = z.object({
  month: z.string(),
  currency: z.string(),
  paidCents: count,
  refundedCents: count,
  jobs: count,
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

/** The jobs created in the period, by the status each has now. Every status is listed (0 included). */
export const jobsByStatusSchema = z.array(z.object({ status: z.enum(jobStatuses), count }));

/**
 * First deliveries in one month (UTC): jobs delivered for the first time (a revision's delivery
 * does not count again), and of those the ones delivered at or before their due time. `rate` is
 * onTime / delivered, null with no delivery.
 */
export const onTimeMonthSchema = z.object({
  month: z.string(),
  delivered: count,
  onTime: count,
  rate: z.nullable(z.number()),
});
export type OnTimeMonth = z.infer<typeof onTimeMonthSchema>;

/**
 * Images one editor delivered in one ISO week (`2026-W48`, weeks that start in the period): every
 * version delivered (a revision's new version counts again; a job sent as a link counts its
 * delivered files).
 */
export const editorWeekSchema = z.object({
  week: z.string().check(z.regex(/^\d{4}-W\d{2}$/)),
  editorId: z.string(),
  /** The editor's name as it was when the images were delivered. */
  editorName: z.string(),
  images: count,
});
export type EditorWeek = z.infer<typeof editorWeekSchema>;

export const studioOverviewResponseSchema = z.object({
  needsAction: needsActionSchema,
  /** When the "needs action" counts were taken (ISO 8601): they may be up to a minute old. */
  countedAt: z.string(),
  /** The period of the figures, as asked or by default. */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Newest month first; months with no money have no entry. */
  revenue: z.array(revenueMonthSchema),
  jobsByStatus: jobsByStatusSchema,
  /** Newest month first, every month of the period (zeros included), and the period together. */
  onTimeDelivery: z.object({
    months: z.array(onTimeMonthSchema),
    total: z.object({ delivered: count, onTime: count, rate: z.nullable(z.number()) }),
  }),
  /** Newest week first, then by editor name. */
  imagesPerEditor: z.array(editorWeekSchema),
  /**
   * Images approved without being sent back, over images delivered, of the jobs approved in each
   * month of the period (newest first), and of those months together. Jobs approved before the
   * figures were kept count nothing.
   */
  firstTimeApproval: z.object({
    months: z.array(firstTimeApprovalMonthSchema),
    total: firstTimeApprovalSchema,
  }),
});
export type StudioOverviewResponse = z.infer<typeof studioOverviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The jobs behind a figure (for the CSV export)

/**
 * `GET api/studio/overview/jobs?figure=...` (MANAGER, SUPER_ADMIN): a page of the jobs behind one
 * figure, newest first unless said otherwise, in the job list's shape; the console pages through
 * them and writes the CSV. Which jobs:
 * - a {@link JobNeedsKey}: the jobs of that list (as `GET api/jobs?needs=`);
 * - `revenue` with `month` and `currency`: the jobs paid or refunded in that month in that currency;
 * - `jobsByStatus` with `status` (and the period `from`/`to`): the jobs created in the period that
 *   have that status now;
 * - `onTimeDelivery` with `month` (and optional `late=true`): the jobs first delivered in that month
 *   (only the late ones);
 * - `imagesPerEditor` with `week` and `editorId`: the jobs whose images that editor delivered that week.
 */
export const overviewFigures = [
  ...jobNeedsKeys,
  'revenue',
  'jobsByStatus',
  'onTimeDelivery',
  'imagesPerEditor',
] as const;
export type OverviewFigure = (typeof overviewFigures)[number];

export const overviewJobsQuerySchema = z.strictObject({
  figure: z.enum(overviewFigures),
  month: z.optional(monthSchema),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a currency code'))),
  status: z.optional(z.enum(jobStatuses)),
  from: z.optional(monthSchema),
  to: z.optional(monthSchema),
  late: z.optional(z.literal('true')),
  week: z.optional(z.string().check(z.regex(/^\d{4}-W\d{2}$/, 'must be an ISO week, yyyy-Www'))),
  editorId: z.optional(userIdSchema),
  limit: queryInt(1, 200),
  cursor: z.optional(cursorSchema),
});
export type OverviewJobsQuery = z.infer<typeof overviewJobsQuerySchema>;
/** A page of jobs, as `GET api/jobs` answers one. */
export const overviewJobsResponseSchema = z.object({
  jobs: z.array(jobSchema),
  /** Present when there are more jobs: send it back as `cursor`. */
  nextCursor: z.nullable(z.string()),
});

// ---------------------------------------------------------------------------------------------
// Months

/** Months from `from` to `to` inclusive (`2026-01`..`2026-03` is 3). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The `yyyy-mm` of the last `count` months up to the one of `now` (UTC), newest first. */
export function lastMonths(now: Date, count = overviewMonths): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** The months of a period, newest first. */
export function monthsOf(from: string, to: string): string[] {
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return lastMonths(new Date(Date.UTC(ty, tm - 1, 1)), monthsBetween(from, to));
}

// ---------------------------------------------------------------------------------------------
// The figures projector's stream

/**
 * The table's stream records the figures projector takes (its event source's filters, on AWS and
 * locally): every write of a job, an image version or a delivered file, and a job's deletion.
 */
export const figuresStreamFilters = [
  { dynamodb: { NewImage: { type: { S: ['Job', 'ImageVersion', 'Deliverable'] } } } },
  { eventName: ['REMOVE'], dynamodb: { OldImage: { type: { S: ['Job'] } } } },
] as const;
