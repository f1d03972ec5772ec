import { jobStatuses } from '@studio/shared/job';
import type { StudioOverviewResponse } from '@studio/shared/studio-overview';

const noApproval = { delivered: 0, firstTimeApproved: 0, sentBack: 0, rate: null };

/**
 * A whole `GET api/studio/overview` answer for the period June to November 2026: nothing needs
 * action and every figure is empty, unless `overrides` says otherwise.
 */
export function studioOverviewAnswer(overrides: Partial<StudioOverviewResponse> = {}): StudioOverviewResponse {
  const months = ['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06'];
  return {
    needsAction: {
      overdue: 0,
      dueToday: 0,
      waitingForQc: 0,
      unassigned: 0,
      cancellationRequests: 0,
      unpaid: 0,
      newLeads: 0,
      newApplications: 0,
    },
    countedAt: '2026-11-28T09:00:00.000Z',
    period: { from: '2026-06', to: '2026-11' },
    revenue: [],
    jobsByStatus: jobStatuses.map((status) => ({ status, count: 0 })),
    onTimeDelivery: {
      months: months.map((month) => ({ month, delivered: 0, onTime: 0, rate: null })),
      total: { delivered: 0, onTime: 0, rate: null },
    },
    imagesPerEditor: [],
    firstTimeApproval: { months: months.map((month) => ({ month, ...noApproval })), total: noApproval },
    ...overrides,
  };
}
