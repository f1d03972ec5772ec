import type { NeedsAction, StudioOverviewResponse } from '@studio/shared/studio-overview';

const noNeeds: NeedsAction = {
  overdue: 0,
  dueToday: 0,
  waitingForQc: 0,
  unassigned: 0,
  cancellationRequests: 0,
  unpaid: 0,
  newLeads: 0,
  newApplications: 0,
};

/**
 * A whole `GET api/studio/overview` answer for web tests: nothing needs action and no figures,
 * except what `overrides` names (`needsAction` is merged into the zeros).
 */
export function studioOverviewAnswer(
  overrides: Partial<Omit<StudioOverviewResponse, 'needsAction'>> & { needsAction?: Partial<NeedsAction> } = {},
): StudioOverviewResponse {
  const { needsAction, ...rest } = overrides;
  return {
    needsAction: { ...noNeeds, ...needsAction },
    countedAt: '2026-11-28T09:05:00.000Z',
    period: { from: '2026-06', to: '2026-11' },
    revenue: [],
    jobsByStatus: [],
    onTimeDelivery: { months: [], total: { delivered: 0, onTime: 0, rate: null } },
    imagesPerEditor: [],
    firstTimeApproval: {
      months: [],
      total: { delivered: 0, firstTimeApproved: 0, sentBack: 0, rate: null },
    },
    ...rest,
  };
}
