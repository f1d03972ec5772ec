import { createGroupHandler } from '../lib/http.ts';
import { createJobRoute } from './create-job.ts';

export const handler = createGroupHandler('job-orders', {
  createJob: createJobRoute,
});
