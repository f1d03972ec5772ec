import { BadCursorError, searchFreeTrialLeads } from '../data/leads-admin.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listFreeTrialLeadsRoute: RouteImpl<'listFreeTrialLeads'> = async ({ query }) => {
  try {
    return await searchFreeTrialLeads(query.search || undefined, query.next ?? null);
  } catch (error) {
    if (error instanceof BadCursorError) {
      throw new BadRequestError('The request is not valid.', [
        { path: 'query.next', message: 'is not a valid position' },
      ]);
    }
    throw error;
  }
};
