import { BadCursorError, searchContactLeads } from '../data/leads-admin.ts';
import { BadRequestError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listContactLeadsRoute: RouteImpl<'listContactLeads'> = async ({ query }) => {
  try {
    return await searchContactLeads(query.search || undefined, query.next ?? null);
  } catch (error) {
    if (error instanceof BadCursorError) {
      throw new BadRequestError('The request is not valid.', [
        { path: 'query.next', message: 'is not a valid position' },
      ]);
    }
    throw error;
  }
};
