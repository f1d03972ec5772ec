import { listActiveJobOpenings } from '../data/job-openings.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listJobOpeningsRoute: RouteImpl<'listJobOpenings'> = async () => listActiveJobOpenings();
