import * as z from 'zod/mini';
import { firstTimeApprovalSchema } from './image-review.ts';

/*
 * `GET api/studio/overview` (MANAGER, SUPER_ADMIN): the studio's figures on the manager's page. An
 * object of named sections, so later sections (what needs action, more figures) are added beside
 * the existing ones without changing them.
 */

/** Months the overview covers, the current one included. */
export const overviewMonths = 6;

/** One calendar month (UTC) of first-time approval: the jobs approved in it, their figures together. */
export const firstTimeApprovalMonthSchema = z.object({
  ...firstTimeApprovalSchema.shape,
  /** `yyyy-mm` (UTC). */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
});
export type FirstTimeApprovalMonth = z.infer<typeof firstTimeApprovalMonthSchema>;

export const studioOverviewResponseSchema = z.object({
  /**
   * Images approved without being sent back, over images delivered, of the jobs approved in each
   * of the last {@link overviewMonths} months (newest first), and of those months together. Jobs
   * approved before the figures were kept count nothing.
   */
  firstTimeApproval: z.object({
    months: z.array(firstTimeApprovalMonthSchema),
    total: firstTimeApprovalSchema,
  }),
});
export type StudioOverviewResponse = z.infer<typeof studioOverviewResponseSchema>;

/** The `yyyy-mm` of the last `count` months up to the one of `now` (UTC), newest first. */
export function lastMonths(now: Date, count = overviewMonths): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
