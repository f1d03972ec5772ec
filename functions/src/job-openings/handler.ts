import { createGroupHandler } from '../lib/http.ts';
import { listJobOpeningsRoute } from './list-job-openings.ts';

export const handler = createGroupHandler('job-openings', {
  listJobOpenings: listJobOpeningsRoute,
});
