import { firstTimeRate, type FirstTimeApproval } from '@studio/shared/image-review';
import type { FirstTimeApprovalMonth } from '@studio/shared/studio-overview';
import { batchGet } from './batch-get.ts';
import { reviewStatsKey, reviewStatsShardCount } from './keys.ts';

/*
 * The studio's first-time approval by month (#34; docs/data-model.md pattern 85): each job's
 * figures are added, when the job is approved, to one of the 8 items of its month
 * (`STATS#review#<yyyy-mm>#<shard>`, job-lifecycle.ts `reviewStatsAdd`). Reading months is one
 * BatchGet of months x 8 keys: no scan, no query of jobs.
 */

const withRate = (figures: Omit<FirstTimeApproval, 'rate'>): FirstTimeApproval => ({
  ...figures,
  rate: firstTimeRate(figures.delivered, figures.firstTimeApproved),
});

/** The figures of each month asked (in the order asked) and of them together. */
export async function reviewStatsOf(
  months: readonly string[],
): Promise<{ months: FirstTimeApprovalMonth[]; total: FirstTimeApproval }> {
  const keys = months.flatMap((month) =>
    Array.from({ length: reviewStatsShardCount }, (_, shard) => reviewStatsKey(month, shard)),
  );
  const sums = new Map(months.map((month) => [month, { delivered: 0, firstTimeApproved: 0, sentBack: 0 }]));
  for (const item of await batchGet(keys)) {
    const sum = sums.get(item.month as string);
    if (!sum) continue;
    sum.delivered += Number(item.delivered ?? 0);
    sum.firstTimeApproved += Number(item.firstTimeApproved ?? 0);
    sum.sentBack += Number(item.sentBack ?? 0);
  }
  const total = { delivered: 0, firstTimeApproved: 0, sentBack: 0 };
  for (const sum of sums.values()) {
    total.delivered += sum.delivered;
    total.firstTimeApproved += sum.firstTimeApproved;
    total.sentBack += sum.sentBack;
  }
  return {
    months: months.map((month) => ({ month, ...withRate(sums.get(month)!) })),
    total: withRate(total),
  };
}
