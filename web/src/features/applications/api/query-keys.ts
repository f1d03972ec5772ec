/** A page of the list: from 1, of every opening or of one (`jobId`). */
export interface ApplicationListPage {
  page: number;
  jobId?: string;
}

/**
 * Every query key of the review page, built here and nowhere else, from the widest to the
 * narrowest: the pages of the list, and one application's details.
 */
export const applicationKeys = {
  all: ['applications'] as const,
  lists: () => [...applicationKeys.all, 'list'] as const,
  list: ({ page, jobId }: ApplicationListPage) => [...applicationKeys.lists(), jobId ?? 'all', page] as const,
  details: () => [...applicationKeys.all, 'detail'] as const,
  detail: (id: string) => [...applicationKeys.details(), id] as const,
};
