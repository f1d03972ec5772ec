import { applicationPageSize } from '@studio/shared/job-application';
import { listAllOpenings, listApplicationsPage, toApplication } from '../data/applications.ts';
import type { RouteImpl } from '../lib/http.ts';

/** A page of applications, newest first, of every opening or of `jobId`; with every opening for the filter. */
export const listApplicationsRoute: RouteImpl<'listApplications'> = async ({ query }) => {
  const page = query.page ?? 1;
  const limit = query.limit ?? applicationPageSize;
  const [{ items, total }, openings] = await Promise.all([
    listApplicationsPage({ page, limit, openingId: query.jobId }),
    listAllOpenings(),
  ]);
  const byId = new Map(openings.map((opening) => [opening.id, opening]));
  return {
    success: true as const,
    data: items.map((item) => toApplication(item, byId.get(item.jobOpeningId) ?? null)),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    openings: openings.map(({ id, title, isActive }) => ({ id, title, isActive })),
  };
};
